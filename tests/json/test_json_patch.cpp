// The RFC 6902 engine (json/JsonPatch.h) alone: every operation's effect and refusal with its
// reason, agreement with nlohmann's patch() on valid operations, the value, depth and work bounds
// kept per operation, and patches of thousands of operations on a large vehicle applied in linear
// time (nlohmann's patch() copied the document for each operation).

#include "json/JsonPatch.h"
#include "compare/VehiclePatch.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"

#include <QtTest>

#include <chrono>
#include <ctime>
#include <string>

using namespace jounce;
using compare::Json;
using json::JsonPatcher;

namespace {

Json doc()
{
    return Json::parse(R"({"a": 1, "list": [10, 20, 30], "obj": {"x": {"y": true}, "s": "t"}, "z/~": null})");
}

/// Applies `op` (JSON text) to `d`; "" or the message.
std::string apply(Json& d, const char* op)
{
    JsonPatcher patcher(d, "document");
    return patcher.apply(Json::parse(op));
}

/// The processor time `f` takes, in seconds (printed with the wall time): processor time, so the
/// bounds hold on a machine busy with other builds and tests.
template <typename F>
double secondsOf(const char* what, F&& f)
{
    const auto wall = std::chrono::steady_clock::now();
    const std::clock_t start = std::clock();
    f();
    const double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
    qInfo("%s: %.3f s processor time, %.3f s wall", what, cpu,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
    return cpu;
}

std::string dump(const Problems& problems)
{
    std::string out;
    for (const Problem& p : problems.items)
        out += p.toString() + "\n";
    return out;
}

/// The reference car with 20 wheels: the largest canonical vehicle the registry allows.
VehicleConfig twentyWheels()
{
    VehicleConfig car = referenceCar();
    while (car.wheels.size() < 20)
        car.wheels.push_back(car.wheels[car.wheels.size() % 4]);
    return car;
}

}  // namespace

class TestJsonPatch : public QObject {
    Q_OBJECT

private slots:
    void operationsDoWhatRfc6902Says_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("result");
        QTest::addColumn<bool>("asNlohmann");  // nlohmann's patch() gives the same document
        const auto row = [](const char* name, const char* op, const char* result, bool asNlohmann = true) {
            QTest::newRow(name) << QString(op) << QString(result) << asNlohmann;
        };
        row("add a member appends it", R"({"op": "add", "path": "/b", "value": [1]})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null,"b":[1]})");
        row("add an existing member replaces it in place", R"({"op": "add", "path": "/a", "value": 2})",
            R"({"a":2,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("add inserts into a list", R"({"op": "add", "path": "/list/1", "value": 15})",
            R"({"a":1,"list":[10,15,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("add at the size appends", R"({"op": "add", "path": "/list/3", "value": 40})",
            R"({"a":1,"list":[10,20,30,40],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("add at - appends", R"({"op": "add", "path": "/list/-", "value": 40})",
            R"({"a":1,"list":[10,20,30,40],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("add at the root replaces the document", R"({"op": "add", "path": "", "value": [1]})", "[1]");
        row("remove a member", R"({"op": "remove", "path": "/obj/x"})",
            R"({"a":1,"list":[10,20,30],"obj":{"s":"t"},"z/~":null})");
        row("remove an element", R"({"op": "remove", "path": "/list/0"})",
            R"({"a":1,"list":[20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("escaped key", R"({"op": "replace", "path": "/z~1~0", "value": 0})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":0})");
        row("replace", R"({"op": "replace", "path": "/obj/x/y", "value": false})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":false},"s":"t"},"z/~":null})");
        row("move a member", R"({"op": "move", "from": "/obj/x", "path": "/x"})",
            R"({"a":1,"list":[10,20,30],"obj":{"s":"t"},"z/~":null,"x":{"y":true}})");
        row("move within a list uses the index after the removal",
            R"({"op": "move", "from": "/list/0", "path": "/list/2"})",
            R"({"a":1,"list":[20,30,10],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        // nlohmann removes and re-adds the member, last; the same object but for the order.
        row("move onto itself changes nothing", R"({"op": "move", "from": "/obj", "path": "/obj"})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})", false);
        row("move onto a member replaces it", R"({"op": "move", "from": "/a", "path": "/obj/s"})",
            R"({"list":[10,20,30],"obj":{"x":{"y":true},"s":1},"z/~":null})");
        row("copy", R"({"op": "copy", "from": "/obj/x", "path": "/list/0"})",
            R"({"a":1,"list":[{"y":true},10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("copy a parent into its child", R"({"op": "copy", "from": "/obj", "path": "/obj/x/y"})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":{"x":{"y":true},"s":"t"}},"s":"t"},"z/~":null})");
        row("copy the document into itself", R"({"op": "copy", "from": "", "path": "/a"})",
            R"({"a":{"a":1,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null},"list":[10,20,30],)"
            R"("obj":{"x":{"y":true},"s":"t"},"z/~":null})");
        row("test numbers by value", R"({"op": "test", "path": "/list/1", "value": 20.0})",
            R"({"a":1,"list":[10,20,30],"obj":{"x":{"y":true},"s":"t"},"z/~":null})");
    }

    void operationsDoWhatRfc6902Says()
    {
        QFETCH(QString, op);
        QFETCH(QString, result);
        QFETCH(bool, asNlohmann);
        Json d = doc();
        JsonPatcher patcher(d, "document");
        const std::string error = patcher.apply(Json::parse(op.toStdString()));
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(QString::fromStdString(d.dump()), result);
        // The value count kept per operation is the document's.
        Json copy = d;
        QCOMPARE(patcher.values(), JsonPatcher(copy, "copy").values());
        Json theirs = doc();
        theirs.patch_inplace(Json::array({Json::parse(op.toStdString())}));
        if (asNlohmann)
            QCOMPARE(QString::fromStdString(theirs.dump()), result);
        else  // the same members, in another order
            QVERIFY(nlohmann::json::parse(theirs.dump()) == nlohmann::json::parse(result.toStdString()));
    }

    void refusalsSayWhy_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* op, const char* message) { QTest::newRow(message) << QString(op) << QString(message); };
        row(R"({"op": "remove", "path": "/obj/nope"})", R"(cannot apply "remove" at "/obj/nope": /obj has no member "nope")");
        row(R"({"op": "replace", "path": "/nope/x", "value": 1})",
            R"(cannot apply "replace" at "/nope/x": the document has no member "nope")");
        row(R"({"op": "add", "path": "/nope/x", "value": 1})",
            R"(cannot apply "add" at "/nope/x": the document has no member "nope")");
        row(R"({"op": "remove", "path": "/list/3"})", R"(cannot apply "remove" at "/list/3": /list has 3 elements, no index 3)");
        row(R"({"op": "add", "path": "/list/4", "value": 1})",
            R"(cannot apply "add" at "/list/4": /list has 3 elements: an add inserts at 0 to 3 or "-", not 4)");
        row(R"({"op": "replace", "path": "/list/-", "value": 1})",
            R"(cannot apply "replace" at "/list/-": "-" names no element of /list (only an add appends there))");
        row(R"({"op": "remove", "path": "/list/01"})",
            R"(cannot apply "remove" at "/list/01": "01" is not an index into the list /list)");
        row(R"({"op": "remove", "path": "/list/99999999999999999999999"})",
            R"(cannot apply "remove" at "/list/99999999999999999999999": /list has 3 elements, no index 99999999999999999999999)");
        row(R"({"op": "add", "path": "/a/b", "value": 1})",
            R"(cannot apply "add" at "/a/b": /a is number 1, which has no "b")");
        row(R"({"op": "add", "path": "/z~1~0/b", "value": 1})",
            R"(cannot apply "add" at "/z~1~0/b": /z~1~0 is null, which has no "b")");
        row(R"({"op": "remove", "path": "a"})",
            R"(cannot apply "remove" at "a": "path": a JSON pointer is empty or starts with "/")");
        row(R"({"op": "remove", "path": "/a~2"})",
            R"(cannot apply "remove" at "/a~2": "path": "~" in a JSON pointer is followed by 0 or 1 ("~0" is "~", "~1" is "/"))");
        row(R"({"op": "remove", "path": ""})", R"(cannot apply "remove" at "": the whole document cannot be removed)");
        row(R"({"op": "move", "from": "/obj", "path": "/obj/x/z"})",
            R"(cannot apply "move" at "/obj/x/z": "from" /obj contains "path": a value cannot move into itself)");
        row(R"({"op": "move", "from": "", "path": "/b"})",
            R"(cannot apply "move" at "/b": "from" the document contains "path": a value cannot move into itself)");
        row(R"({"op": "copy", "from": "/nope", "path": "/b"})",
            R"(cannot apply "copy" at "/b": "from": the document has no member "nope")");
        row(R"({"op": "copy", "path": "/b"})", R"(cannot apply "copy" at "/b": "copy" needs a string "from")");
        row(R"({"op": "test", "path": "/obj/s", "value": "u"})",
            R"(cannot apply "test" at "/obj/s": the test failed: /obj/s is string "t", not string "u")");
        row(R"({"op": "test", "path": "/obj/q", "value": 1})", R"(cannot apply "test" at "/obj/q": /obj has no member "q")");
        row(R"({"op": "add", "path": "/b"})", R"(cannot apply "add" at "/b": "add" needs a value)");
        row(R"({"op": "frobnicate", "path": "/b"})",
            R"(cannot apply "frobnicate" at "/b": "op" must be one of add, remove, replace, move, copy, test)");
        row(R"({"op": "remove"})", R"(cannot apply: every operation has a string "path" (a JSON pointer))");
        row(R"(7)", R"(cannot apply: an operation is an object, got number 7)");
    }

    void refusalsSayWhy()
    {
        QFETCH(QString, op);
        QFETCH(QString, message);
        Json d = doc();
        const Json before = d;
        QCOMPARE(QString::fromStdString(apply(d, op.toUtf8().constData())), message);
        QVERIFY(d == before);  // refused before it changed anything
    }

    void vehiclePatchesRefuseWhatRfc6901Refuses_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* path, const char* message) { QTest::newRow(path) << QString(path) << QString(message); };
        // A patch of value replaces only goes through the edit session, whose parameter paths are
        // lenient about indices: it must refuse the same pointers the engine refuses.
        row("/wheels/01/wheel/radius", R"("01" is not an index into the list /wheels)");
        row("/wheels/00/wheel/radius", R"("00" is not an index into the list /wheels)");
        row("/wheels/+1/wheel/radius", R"("+1" is not an index into the list /wheels)");
        row("/wheels/ 1/wheel/radius", R"(" 1" is not an index into the list /wheels)");
        row("/wheels/1e0/wheel/radius", R"("1e0" is not an index into the list /wheels)");
        row("/wheels/-/wheel/radius", R"("-" names no element of /wheels (only an add appends there))");
        row("/wheels/4/wheel/radius", "/wheels has 4 elements, no index 4");
        row("/drive/gears/ratios/01", R"("01" is not an index into the list /drive/gears/ratios)");
    }

    void vehiclePatchesRefuseWhatRfc6901Refuses()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        const VehicleConfig car = referenceCar();
        const Json patch = Json::array({Json{{"op", "replace"}, {"path", path.toStdString()}, {"value", 0.3}}});
        const compare::PatchResult r = compare::applyPatch(car, patch);
        QVERIFY2(!r.ok(), dump(r.problems).c_str());
        QVERIFY2(dump(r.problems).find(message.toStdString()) != std::string::npos, dump(r.problems).c_str());
        // The canonical pointer applies.
        const Json good = Json::array({Json{{"op", "replace"}, {"path", "/wheels/1/wheel/radius"}, {"value", 0.3}}});
        const compare::PatchResult applied = compare::applyPatch(car, good);
        QVERIFY2(applied.ok(), dump(applied.problems).c_str());
        QCOMPARE(applied.config.wheels[1].wheel.radius, 0.3);
    }

    void aDoublingCopyStopsAtTheValueLimitBeforeCopying()
    {
        Json d = Json::parse(R"({"list": [1, 2, 3, 4, 5, 6, 7, 8]})");
        json::PatchLimits limits;
        limits.maxValues = 1000;
        JsonPatcher patcher(d, "document", limits);
        const Json op = Json::parse(R"({"op": "copy", "from": "/list", "path": "/list/-"})");
        int applied = 0;
        std::string error;
        while ((error = patcher.apply(op)).empty())
            ++applied;
        QCOMPARE(applied, 6);  // 10 values, 19, 37, ..., 577; doubling again would make 1153
        QCOMPARE(error, std::string("the patch grows the document beyond 1000 values"));
        QCOMPARE(patcher.values(), std::size_t(577));
        Json copy = d;
        QCOMPARE(JsonPatcher(copy, "copy").values(), std::size_t(577));
        QVERIFY(patcher.work() < 10 * limits.maxValues);
    }

    void theDepthBoundCountsWhereAValueGoes()
    {
        // At depth 3, a value 2 levels deep reaches 5: allowed with 5, refused with 4.
        for (const std::size_t maxDepth : {std::size_t(5), std::size_t(4)}) {
            Json d = Json::parse(R"({"a": {"b": {"c": 1}}, "v": [[1]]})");
            json::PatchLimits limits;
            limits.maxDepth = maxDepth;
            JsonPatcher patcher(d, "vehicle", limits);
            const std::string copied = patcher.apply(Json::parse(R"({"op": "copy", "from": "/v", "path": "/a/b/c"})"));
            Json again = Json::parse(R"({"a": {"b": {"c": 1}}, "v": [[1]]})");
            JsonPatcher mover(again, "vehicle", limits);
            const std::string moved = mover.apply(Json::parse(R"({"op": "move", "from": "/v", "path": "/a/b/c"})"));
            Json third = Json::parse(R"({"a": {"b": {"c": 1}}, "v": [[1]]})");
            JsonPatcher adder(third, "vehicle", limits);
            const std::string added = adder.apply(Json::parse(R"({"op": "add", "path": "/a/b/d", "value": [[1]]})"));
            const std::string replacedBy =
                adder.apply(Json::parse(R"({"op": "replace", "path": "/a/b/c", "value": [[1]]})"));
            if (maxDepth == 5) {
                QVERIFY2(copied.empty() && moved.empty() && added.empty() && replacedBy.empty(),
                         (copied + moved + added + replacedBy).c_str());
            } else {
                QCOMPARE(copied, std::string("the patch nests the vehicle deeper than 4 levels"));
                QCOMPARE(moved, copied);
                QCOMPARE(added, copied);
                QCOMPARE(replacedBy, copied);
            }
        }
    }

    void hostilePatchesStopAtTheWorkBound()
    {
        // Copying a large list and removing it again keeps the document small but costs the list's
        // size each time; so does inserting at the front of a long list.
        Json d = Json::parse(R"({"list": []})");
        JsonPatcher patcher(d, "document");
        for (int i = 0; i < 100'000; ++i)
            QVERIFY(patcher.apply(Json{{"op", "add"}, {"path", "/list/-"}, {"value", i}}).empty());
        const Json copy = Json{{"op", "copy"}, {"from", "/list"}, {"path", "/copy"}};
        const Json remove = Json{{"op", "remove"}, {"path", "/copy"}};
        std::string error;
        int rounds = 0;
        const double s = secondsOf("copy and remove 100000 values until the work bound", [&] {
            for (; rounds < 100'000 && error.empty(); ++rounds)
                error = patcher.apply(rounds % 2 ? remove : copy);
        });
        QVERIFY2(error.find("the patch takes too much work") == 0, error.c_str());
        QVERIFY2(rounds < 100, qPrintable(QString::number(rounds)));
        QVERIFY2(s < 2.0, qPrintable(QString::number(s)));

        Json e = Json::parse(R"({"list": []})");
        JsonPatcher front(e, "document");
        error.clear();
        int inserted = 0;
        const double t = secondsOf("insert at the front until the work bound", [&] {
            for (; inserted < 100'000 && error.empty(); ++inserted)
                error = front.apply(Json{{"op", "add"}, {"path", "/list/0"}, {"value", inserted}});
        });
        QVERIFY2(error.find("the patch takes too much work") == 0, error.c_str());
        QVERIFY2(inserted > 1000 && inserted < 10'000, qPrintable(QString::number(inserted)));
        QVERIFY2(t < 2.0, qPrintable(QString::number(t)));
    }

    void thousandsOfOperationsOnALargeVehicleApplyInLinearTime()
    {
        // The largest canonical vehicle (20 wheels), grown by the patch's first operation to about
        // 200 kB (a list of 20000 numbers), then 1500 copies between wheels and 2000 tests:
        // nlohmann's patch() copied and walked the whole document for each operation (4 s of
        // processor time for 400 copies and 2000 tests).
        const VehicleConfig car = twentyWheels();
        Json extra = Json::array();
        for (int i = 0; i < 20'000; ++i)
            extra.push_back(1000.0 + i * 0.001);
        Json patch = Json::array({Json{{"op", "add"}, {"path", "/extra"}, {"value", extra}}});
        for (int i = 0; i < 1500; ++i)
            patch.push_back(Json{{"op", "copy"},
                                 {"from", "/wheels/" + std::to_string(i % 20) + "/suspension"},
                                 {"path", "/wheels/" + std::to_string((i + 7) % 20) + "/suspension"}});
        for (int i = 0; i < 2000; ++i)
            patch.push_back(Json{{"op", "test"},
                                 {"path", "/wheels/" + std::to_string(i % 20) + "/wheel/radius"},
                                 {"value", car.wheels[0].wheel.radius}});
        qInfo("the vehicle is %zu bytes, %zu with the extra list", config::vehicleToText(car).size(),
              config::vehicleToText(car).size() + extra.dump().size());
        compare::PatchResult r;
        const double s = secondsOf("applyPatch, 1500 copies and 2000 tests", [&] { r = compare::applyPatch(car, patch); });
        QVERIFY2(r.applied, dump(r.problems).c_str());
        QCOMPARE(r.config.wheels.size(), std::size_t(20));
        QCOMPARE(dump(r.problems), std::string("/extra: unknown key, ignored (it will not be saved)\n"));
        QVERIFY2(s < 1.0, qPrintable(QString::number(s)));
    }
};

QTEST_GUILESS_MAIN(TestJsonPatch)
#include "test_json_patch.moc"
