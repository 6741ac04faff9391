#pragma once
// Column widths of the parameter editor's tree: each column as wide as its texts need, within
// bounds, in the room the dock gives. A 1366-pixel screen shows the name and the four wheels, the
// unit and typical range scrolling into view; a 1920-pixel one every column. A text that still
// does not fit is elided in the middle, its tooltip whole; the vehicle's name and description run
// across the wheel columns (ParameterDelegate.h).

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QTreeWidget;
QT_END_NAMESPACE

namespace jounce::widgets {

/// Sizes the columns of a parameter tree with `wheelCount` wheel columns after the name column,
/// then Unit, Typical and File, to fit its viewport.
void fitParameterColumns(QTreeWidget& tree, int wheelCount);

}  // namespace jounce::widgets
