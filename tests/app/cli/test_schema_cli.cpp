// jounce-cli schema vehicle|maneuver|terrain, run as a process: each prints its schema as JSON;
// without a word it prints the vehicle schema as it always did; a wrong word is a usage error.

#include "support/CliProcess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using jounce::testing::runCli;

class TestSchemaCli : public QObject {
    Q_OBJECT
private slots:
    void printsEachSchema_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("format");
        QTest::newRow("vehicle") << "vehicle" << "Jounce vehicle" << "jounce.vehicle";
        QTest::newRow("maneuver") << "maneuver" << "Jounce maneuver" << "jounce.maneuver";
        QTest::newRow("terrain") << "terrain" << "Jounce terrain" << "jounce.terrain";
    }

    void printsEachSchema()
    {
        QFETCH(QString, word);
        QFETCH(QString, title);
        QFETCH(QString, format);
        const auto r = runCli({"schema", word});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject s = doc.object();
        QCOMPARE(s["$schema"].toString(), QString("https://json-schema.org/draft/2020-12/schema"));
        QCOMPARE(s["title"].toString(), title);
        QCOMPARE(s["properties"].toObject()["format"].toObject()["const"].toString(), format);
    }

    void noWordIsTheVehicleSchema()
    {
        const auto plain = runCli({"schema"});
        const auto vehicle = runCli({"schema", "vehicle"});
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(plain.out, vehicle.out);
    }

    void wrongWordsAreUsageErrors()
    {
        for (const QStringList& args : {QStringList{"schema", "car"}, QStringList{"schema", "vehicle", "terrain"}}) {
            const auto r = runCli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY(r.out.isEmpty());
            for (const char* word : {"vehicle", "maneuver", "terrain"})
                QVERIFY2(r.err.contains(word), qPrintable(r.err));
        }
    }

    void helpNamesTheChoices()
    {
        const auto r = runCli({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("schema [vehicle|maneuver|terrain]"));
    }
};

QTEST_APPLESS_MAIN(TestSchemaCli)
#include "test_schema_cli.moc"
