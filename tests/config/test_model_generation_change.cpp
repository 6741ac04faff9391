// What changes between model generations (config/ModelGenerationChange.h), against figures worked
// out by hand from the two spring laws (vehicle-model.md §2.4.2, vehicle-model-physx5.md P3).

#include "config/ModelGenerationChange.h"
#include "config/ReferenceCar.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace jounce;

namespace {
const GenerationDifference* find(const std::vector<GenerationDifference>& list, const std::string& subject)
{
    const auto it = std::find_if(list.begin(), list.end(), [&](const GenerationDifference& d) { return d.subject == subject; });
    return it == list.end() ? nullptr : &*it;
}
}  // namespace

class TestModelGenerationChange : public QObject {
    Q_OBJECT
private slots:
    void restJounceFollowsEachSpringLaw()
    {
        VehicleConfig car = referenceCar();
        const WheelConfig& front = car.wheels[0];
        QCOMPARE(restJounce(front, ModelGenerationKind::Physx41), 0.0);
        // PhysX 5: k·(x + maxDroop) = m_s·g, within the travel.
        const SuspensionData& s = front.suspension;
        QCOMPARE(restJounce(front, ModelGenerationKind::Physx5), s.sprungMass * kGravity / s.springStrength - s.maxDroop);
        WheelConfig soft = front;
        soft.suspension.springStrength = 100.0;  // cannot hold the car: on the bump stop
        QCOMPARE(restJounce(soft, ModelGenerationKind::Physx5), soft.suspension.maxCompression);
        WheelConfig stiff = front;
        stiff.suspension.springStrength = 1e9;   // hangs at full droop
        QVERIFY(std::fabs(restJounce(stiff, ModelGenerationKind::Physx5) + stiff.suspension.maxDroop) < 1e-4);
    }

    void differencesNameThisCarsFigures()
    {
        const VehicleConfig car = referenceCar();
        QVERIFY(generationDifferences(car, ModelGenerationKind::Physx41).empty());  // its own generation
        const auto toPhysx5 = generationDifferences(car, ModelGenerationKind::Physx5);
        // Front springs: 437.5 kg on 35 000 N/m carry their load 0.12263 m above full droop, 22.6 mm
        // above the 0.1 m where PhysX 4.1's preloaded spring rests them; 42 919 N/m would keep it.
        const GenerationDifference* front = find(toPhysx5, "wheels[0,1].suspension");
        QVERIFY(front);
        QVERIFY2(front->text.find("rests 22.6 mm higher in the body (the chassis sits that much lower)") != std::string::npos,
                 front->text.c_str());
        QVERIFY2(front->text.find("a spring rate of 42919 N/m keeps the rest pose") != std::string::npos, front->text.c_str());
        QVERIFY(find(toPhysx5, "drive.gears.switchTime"));
        QVERIFY(find(toPhysx5, "drive.differential.type"));  // LS_4WD: PhysX 4.1's handbrake rule
        QVERIFY(find(toPhysx5, "wheels[*].tire"));
        // Back again: the same shift the other way.
        VehicleConfig p5 = car;
        p5.simulation.model = ModelGenerationKind::Physx5;
        const auto back = generationDifferences(p5, ModelGenerationKind::Physx41);
        const GenerationDifference* frontBack = find(back, "wheels[0,1].suspension");
        QVERIFY(frontBack);
        QVERIFY2(frontBack->text.find("rests 22.6 mm lower in the body") != std::string::npos, frontBack->text.c_str());
        // A rear-drive car has no 4WD handbrake rule to lose.
        VehicleConfig rwd = car;
        rwd.drive.differential4W.type = DifferentialType::LS_REARWD;
        QVERIFY(!find(generationDifferences(rwd, ModelGenerationKind::Physx5), "drive.differential.type"));
    }
};

QTEST_APPLESS_MAIN(TestModelGenerationChange)
#include "test_model_generation_change.moc"
