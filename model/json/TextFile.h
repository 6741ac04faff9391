#pragma once
// Reading and writing the user's files: bounded reads, atomic writes.
//
// Every write goes to a temporary file beside the target, named `.NAME.jounce-tmp-PID-RANDOM`
// (PID: the writer's process id), which is flushed to disk and renamed over the target, then the
// folder is flushed: a crash or a kill leaves either the old file or the new one, never a part.
// A killed writer leaves its temporary file behind; the next write of the same target removes the
// temporary files whose process no longer runs (never one of a live process).

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace jounce::json {

/// Reads a whole file, refusing files larger than maxBytes. Returns an error message or "".
std::string readTextFile(const std::string& path, std::size_t maxBytes, std::string& out);

/// Writes a file atomically (see above). An existing target keeps its permissions; a symbolic
/// link is followed, so the file it points to is replaced. Returns an error message or "".
std::string writeFileAtomic(const std::string& path, std::string_view contents);

/// A long output (a run's telemetry) streamed into a temporary file and renamed over the target
/// by commit(). Destroyed without commit() -- an error, an early return -- it removes the
/// temporary file and the target stays as it was.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(const std::string& path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    /// The first error (creating or writing the temporary file), or "".
    std::string error() const;
    bool ok() const { return error().empty(); }
    /// Where to write. Writes after an error are discarded (the stream is failed).
    std::ostream& stream();
    /// Flushes, syncs and renames the temporary file over the target. Returns an error message
    /// or "" (then the target holds exactly what was written). Only the first call does anything.
    std::string commit();
    /// The temporary file ("" once committed or when it could not be created).
    std::string tempPath() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

/// Removes the temporary files that killed writers of `path` left beside it: those whose
/// process no longer runs. Returns how many were removed. writeFileAtomic and AtomicFileWriter
/// call it before they write.
int removeStrayTempFiles(const std::string& path);

/// Whether a process with this id runs: it exists (kill(pid, 0) does not fail with ESRCH) and is
/// not a zombie, dead but not yet reaped by its parent (/proc/PID/stat state Z or X).
bool processRunning(long pid);

}  // namespace jounce::json
