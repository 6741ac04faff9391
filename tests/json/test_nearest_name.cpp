// "Did you mean": the nearest of a set of names within a third of the typed name's length in edits
// (swaps of neighbours count one), and bounded work however long or numerous the typos of a hostile
// file are.

#include "json/NearestName.h"

#include <QtTest>

#include <string>
#include <vector>

using jounce::json::editDistance;
using jounce::json::nearestName;

class TestNearestName : public QObject {
    Q_OBJECT
private slots:
    void distances()
    {
        QCOMPARE(editDistance("vehicel", "vehicle"), std::size_t(1));  // a swap of neighbours
        QCOMPARE(editDistance("chasis", "chassis"), std::size_t(1));
        QCOMPARE(editDistance("", "abc"), std::size_t(3));
        QCOMPARE(editDistance("springStrenght", "springStrength"), std::size_t(1));
    }

    void nearestWithinAThird()
    {
        const std::vector<std::string> keys{"springStrength", "springDamperRate", "maxCompression", "maxDroop"};
        QCOMPARE(nearestName("springStrenght", keys).value_or(99), std::size_t(0));
        QCOMPARE(nearestName("maxdroop", keys).value_or(99), std::size_t(3));
        QVERIFY(!nearestName("frobnicate", keys));
        QVERIFY(!nearestName("", keys));
        QVERIFY(!nearestName("x", {}));
    }

    void boundedForHostileInput()
    {
        std::vector<std::string> keys;
        for (int i = 0; i < 64; ++i)
            keys.push_back("parameterName" + std::to_string(i));
        QVERIFY(!nearestName(std::string(1 << 20, 'a'), keys));  // a megabyte key: refused at once
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 10000; ++i)
            nearestName(std::string(64, char('a' + i % 26)), keys);
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString("%1 ms").arg(clock.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestNearestName)
#include "test_nearest_name.moc"
