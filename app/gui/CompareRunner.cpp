#include "CompareRunner.h"

#include <QMetaObject>

namespace jounce::gui {

CompareRunner::CompareRunner(QObject* parent) : QObject(parent)
{
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, [this] { emit progressChanged(progress()); });
}

CompareRunner::~CompareRunner()
{
    cancel();
    join();
}

void CompareRunner::join()
{
    if (worker_.joinable())
        worker_.join();
}

bool CompareRunner::start(compare::CompareSetup setup, int threads)
{
    if (running_ || setup.vehicles.empty() || setup.vehicles.size() > kMaxVehicles)
        return false;
    join();  // the previous worker has posted its result and is about to end
    cancel_ = false;
    vehicles_ = setup.vehicles.size();
    for (auto& f : fractions_)
        f = 0.0;
    running_ = true;
    poll_.start();
    worker_ = std::jthread([this, setup = std::move(setup), threads] {
        compare::RunControl control;
        control.threads = threads;
        control.cancel = &cancel_;
        control.progress = [this](std::size_t v, double fraction) {
            if (v < fractions_.size())
                fractions_[v].store(fraction, std::memory_order_relaxed);
        };
        auto runs = std::make_shared<const std::vector<compare::VehicleRun>>(compare::runComparison(setup, control));
        const bool cancelled = cancel_.load();
        // Delivered on the GUI thread; dropped if the runner is gone (it joins us first anyway).
        QMetaObject::invokeMethod(
            this,
            [this, runs, cancelled] {
                running_ = false;
                poll_.stop();
                emit progressChanged(cancelled ? progress() : 1.0);
                emit finished(runs, cancelled);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void CompareRunner::cancel()
{
    cancel_ = true;
}

double CompareRunner::progress() const
{
    if (vehicles_ == 0)
        return 0.0;
    double sum = 0.0;
    for (std::size_t v = 0; v < vehicles_; ++v)
        sum += fractions_[v].load(std::memory_order_relaxed);
    return sum / static_cast<double>(vehicles_);
}

}  // namespace jounce::gui
