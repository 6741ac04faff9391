#pragma once
// Reference runs ("ghosts", docs/architecture.md "Runs and replay"): recorded runs drawn beside
// the live telemetry, and where each of their frames goes on the live time axis -- at the same
// time since the start, or where the live car had travelled the same distance.

#include "TelemetryHistory.h"
#include "run/RunLog.h"

#include <QColor>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace jounce::widgets {

enum class Alignment {
    Time,      ///< a reference frame at its own time since the run's start
    Distance,  ///< a reference frame where the live run had travelled as far
};

struct ReferenceRun {
    std::shared_ptr<const sim::RunLog> run;
    QColor color;                       ///< of its single traces, its legend entry, car and path
    Qt::PenStyle style = Qt::DashLine;  ///< of its traces (wheel traces keep their wheel's colour, lighter)
    QString name;
};

/// The reference frame shown at live time t; nullopt when the reference has none there.
std::optional<std::size_t> referenceFrameAt(const TelemetryHistory& live, const sim::TelemetryTrack& ref, double t,
                                            Alignment alignment);
/// The live time at which reference frame j is drawn; nullopt when the live run has not reached it.
std::optional<double> referenceTime(const TelemetryHistory& live, const sim::TelemetryTrack& ref, std::size_t j,
                                    Alignment alignment);
/// The reference frames [first, last) that fall in the live window [t0, t1].
std::pair<std::size_t, std::size_t> referenceRange(const TelemetryHistory& live, const sim::TelemetryTrack& ref,
                                                   double t0, double t1, Alignment alignment);

}  // namespace jounce::widgets
