#pragma once
// Shared by the GUI exchange suites: waiting for an import, which runs on a worker thread.

#include "ExchangeActions.h"

#include <QSignalSpy>

namespace jounce::gui_test {

/// Runs the import `start` begins to its end: whether it imported a vehicle; false too when it
/// never ends.
template <typename Start>
bool importNow(gui::ExchangeActions& actions, Start start)
{
    QSignalSpy done(&actions, &gui::ExchangeActions::importFinished);
    start();
    return (done.size() > 0 || done.wait(60000)) && done.size() == 1 && done.first().first().toBool();
}

}  // namespace jounce::gui_test
