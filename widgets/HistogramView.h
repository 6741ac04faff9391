#pragma once
// Histograms of a wheel channel, one per wheel, over the charts' visible span or between cursors
// A and B: the share of time in each bin for the live run, each reference run's as an outline over
// it. Damper velocity (the derivative of jounce, in the length unit per second) also gets its four
// bands: bump and rebound below and above the knee between low- and high-speed damping.

#include "analysis/Histogram.h"

#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
class QLabel;
QT_END_NAMESPACE

namespace jounce::widgets {

class TelemetryPanel;
struct Conversion;

class HistogramView : public QWidget {
    Q_OBJECT
public:
    /// The channel of damper velocity, besides the wheel channels' identifiers.
    static constexpr const char* kDamperVelocity = "damperVelocity";
    enum class Span { Visible, Cursors };

    explicit HistogramView(const TelemetryPanel& panel, QWidget* parent = nullptr);

    void setChannel(const QString& channel);
    void setSpan(Span span);
    /// The speed between low- and high-speed damping, m/s.
    void setKnee(double metresPerSecond);
    /// Reads the panel's telemetry again (the owner calls it as the charts change).
    void recompute();

    struct Wheel {
        analysis::Histogram live;
        std::vector<analysis::Histogram> references;  ///< in the panel's reference order
        analysis::DamperBands bands;                  ///< damper velocity only
    };
    const std::vector<Wheel>& wheels() const { return wheels_; }
    /// What the histograms cover, as the header says it ("visible span 10.0 – 20.0 s, 600 frames").
    QString coverage() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    /// One wheel's values over [t0, t1] of the live run (display units).
    std::vector<double> liveValues(int wheel, double t0, double t1) const;
    std::vector<double> referenceValues(std::size_t reference, int wheel, double t0, double t1) const;
    void paintWheel(QPainter& p, const QRectF& cell, int wheel) const;
    void showKnee(const Conversion& length);

    const TelemetryPanel& panel_;
    QComboBox* channelBox_;
    QComboBox* spanBox_;
    QDoubleSpinBox* kneeBox_;
    QLabel* header_;
    QString channel_ = kDamperVelocity;
    Span span_ = Span::Visible;
    double knee_ = 0.05;
    double t0_ = 0.0, t1_ = 0.0;
    std::vector<Wheel> wheels_;
    QString unit_;
    double kneeFactor_ = 1.0;  ///< the knee box's unit per m/s
};

}  // namespace jounce::widgets
