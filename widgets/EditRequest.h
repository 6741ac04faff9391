#pragma once
// How a widget asks for an edit of the vehicle: a config::EditList (the model's one `path = value`
// edit type, config/EditSession.h) and the text of the undo step. The application applies it
// through its document's edit session as one undoable step and returns the refusal reason, or ""
// when it was applied. The parameter editor, the curve editor and the doctor panel all take one.

#include "config/EditSession.h"

#include <QString>

#include <functional>

namespace jounce::widgets {

/// Applies edits as one undoable step; returns the reason when they are refused.
using ApplyEdits = std::function<QString(const config::EditList& edits, const QString& text)>;

}  // namespace jounce::widgets
