// The telemetry ring: order, wrap-around, drop-oldest accounting, and a two-thread stress test that
// would show torn frames, reordering or lost accounting.

#include "telemetry/FrameRing.h"

#include <QElapsedTimer>
#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace jounce::telemetry;

namespace {

Frame frameWith(double value)
{
    Frame f;
    f.words.fill(value);
    return f;
}

/// The values of a drained batch, one per frame (frames built by frameWith).
std::vector<double> values(const std::vector<Frame>& frames)
{
    std::vector<double> v;
    for (const Frame& f : frames)
        v.push_back(f.words[0]);
    return v;
}

}  // namespace

class TestFrameRing : public QObject {
    Q_OBJECT
private slots:
    void drainsInOrder()
    {
        FrameRing ring(8);
        QCOMPARE(ring.capacity(), std::size_t(8));
        std::vector<Frame> out;
        QCOMPARE(ring.drain(out), std::size_t(0));
        for (int i = 0; i < 5; ++i)
            ring.push(frameWith(i));
        QCOMPARE(ring.drain(out), std::size_t(5));
        QCOMPARE(values(out), (std::vector<double>{0, 1, 2, 3, 4}));
        QCOMPARE(ring.drain(out), std::size_t(0));
        QVERIFY(out.empty());
        QCOMPARE(ring.pushed(), std::uint64_t(5));
        QCOMPARE(ring.dropped(), std::uint64_t(0));
    }

    void frameContentsSurvive()
    {
        FrameRing ring(2);
        Frame f;
        f.time() = 0.25;
        f.setWheelCount(4);
        f.vehicle(VehicleChannel::EngineOmega) = 600.5;
        f.wheel(WheelChannel::LatSlip, 3) = -0.125;
        ring.push(f);
        std::vector<Frame> out;
        QCOMPARE(ring.drain(out), std::size_t(1));
        QVERIFY(out[0].words == f.words);
    }

    void wrapsAround()
    {
        FrameRing ring(4);
        std::vector<Frame> out;
        double next = 0;
        for (int round = 0; round < 10; ++round) {
            for (int i = 0; i < 3; ++i)
                ring.push(frameWith(next + i));
            QCOMPARE(ring.drain(out), std::size_t(3));
            QCOMPARE(values(out), (std::vector<double>{next, next + 1, next + 2}));
            next += 3;
        }
        QCOMPARE(ring.dropped(), std::uint64_t(0));
    }

    void fullRingDropsOldest()
    {
        FrameRing ring(4);
        for (int i = 0; i < 10; ++i)
            ring.push(frameWith(i));
        std::vector<Frame> out;
        QCOMPARE(ring.drain(out), std::size_t(4));
        QCOMPARE(values(out), (std::vector<double>{6, 7, 8, 9}));
        QCOMPARE(ring.dropped(), std::uint64_t(6));

        // Exactly full loses nothing.
        for (int i = 10; i < 14; ++i)
            ring.push(frameWith(i));
        QCOMPARE(ring.drain(out), std::size_t(4));
        QCOMPARE(values(out), (std::vector<double>{10, 11, 12, 13}));
        QCOMPARE(ring.dropped(), std::uint64_t(6));
        QCOMPARE(ring.pushed(), std::uint64_t(14));

        // One more than full loses one.
        for (int i = 14; i < 19; ++i)
            ring.push(frameWith(i));
        QCOMPARE(ring.drain(out), std::size_t(4));
        QCOMPARE(values(out), (std::vector<double>{15, 16, 17, 18}));
        QCOMPARE(ring.dropped(), std::uint64_t(7));
    }

    void capacityOfOne()
    {
        FrameRing ring(0);  // taken as 1
        QCOMPARE(ring.capacity(), std::size_t(1));
        ring.push(frameWith(1));
        ring.push(frameWith(2));
        std::vector<Frame> out;
        QCOMPARE(ring.drain(out), std::size_t(1));
        QCOMPARE(out[0].words[0], 2.0);
        QCOMPARE(ring.dropped(), std::uint64_t(1));
    }

    void drainReusesTheCallersVector()
    {
        FrameRing ring(16);
        std::vector<Frame> out;
        out.reserve(16);
        const Frame* storage = out.data();
        for (int round = 0; round < 5; ++round) {
            for (int i = 0; i < 16; ++i)
                ring.push(frameWith(i));
            QCOMPARE(ring.drain(out), std::size_t(16));
            QVERIFY(out.data() == storage);  // no reallocation
        }
        out.push_back(frameWith(-1));
        QCOMPARE(ring.drain(out), std::size_t(0));
        QVERIFY(out.empty());  // old contents replaced, not appended to
    }

    // Producer and consumer on two threads; a small ring so the producer laps the consumer often,
    // overwriting slots while they are being copied. Every word of frame k holds k, so a torn frame
    // (words of two different pushes) is visible.
    void twoThreadStress()
    {
        constexpr std::uint64_t kFrames = 1'000'000;
        FrameRing ring(64);
        std::atomic<bool> done{false};
        std::uint64_t received = 0;
        std::uint64_t torn = 0;
        std::uint64_t disorder = 0;
        std::uint64_t drains = 0;
        double last = -1.0;

        QElapsedTimer timer;
        timer.start();
        std::thread consumer([&] {
            std::vector<Frame> out;
            const auto check = [&] {
                for (const Frame& f : out) {
                    const double k = f.words[0];
                    for (double w : f.words)
                        if (w != k) {
                            ++torn;
                            break;
                        }
                    if (!(k > last))
                        ++disorder;
                    last = k;
                }
                received += out.size();
            };
            while (!done.load(std::memory_order_acquire)) {
                ++drains;
                if (ring.drain(out) == 0)
                    std::this_thread::yield();
                check();
            }
            ring.drain(out);  // everything pushed before `done`
            check();
        });

        Frame f;
        for (std::uint64_t k = 0; k < kFrames; ++k) {
            f.words.fill(double(k));
            ring.push(f);
        }
        done.store(true, std::memory_order_release);
        consumer.join();
        const double seconds = double(timer.nsecsElapsed()) * 1e-9;

        qInfo("pushed %llu frames of %zu bytes in %.3f s (%.2f M frames/s); received %llu, dropped %llu "
              "(%llu overwritten mid-copy) over %llu drains",
              static_cast<unsigned long long>(kFrames), sizeof(Frame), seconds, double(kFrames) / seconds * 1e-6,
              static_cast<unsigned long long>(received), static_cast<unsigned long long>(ring.dropped()),
              static_cast<unsigned long long>(ring.droppedWhileReading()), static_cast<unsigned long long>(drains));
        QCOMPARE(torn, std::uint64_t(0));
        QCOMPARE(disorder, std::uint64_t(0));
        QCOMPARE(ring.pushed(), kFrames);
        QCOMPARE(received + ring.dropped(), kFrames);
        QCOMPARE(last, double(kFrames - 1));  // the newest frame is never lost
        QVERIFY(ring.droppedWhileReading() <= ring.dropped());
    }
};

QTEST_APPLESS_MAIN(TestFrameRing)
#include "test_frame_ring.moc"
