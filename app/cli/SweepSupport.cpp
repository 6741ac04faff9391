// The sweep and tune commands' shared parts (SweepCli.h).

#include "SweepCli.h"

#include "CliCommands.h"

#include "json/TextFile.h"
#include "sweep/SweepJson.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace jounce::cli {

namespace fs = std::filesystem;

std::string presetsDir()
{
    std::error_code ec;
    if (const char* env = std::getenv("JOUNCE_PRESETS"); env && *env && fs::is_directory(env, ec))
        return env;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "jounce" / "presets";
        if (fs::is_directory(installed, ec))
            return fs::canonical(installed, ec).string();
    }
    return JOUNCE_SOURCE_DIR "/presets";
}

std::optional<sweep::Sweep> loadValidSweep(const std::string& file)
{
    sweep::SweepDocument doc = sweep::loadSweep(file, presetsDir());
    printProblems(file, doc.problems);
    if (!doc.ok())
        return std::nullopt;
    return std::move(doc.sweep);
}

Progress::Progress(std::string what, std::size_t total, bool quiet)
    : what_(std::move(what)), total_(total), shown_(!quiet && isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now())
{
}

void Progress::update(std::size_t done)
{
    if (!shown_)
        return;
    const std::lock_guard lock(mutex_);
    constexpr std::size_t kWidth = 30;
    const std::size_t filled = total_ ? std::min(done, total_) * kWidth / total_ : kWidth;
    std::fprintf(stderr, "\r%s [%s%s] %zu/%zu  %.1f s ", what_.c_str(), std::string(filled, '#').c_str(),
                 std::string(kWidth - filled, '.').c_str(), done, total_, seconds());
    std::fflush(stderr);
}

void Progress::finish()
{
    const std::lock_guard lock(mutex_);
    if (shown_)
        std::fprintf(stderr, "\n");
}

double Progress::seconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::vector<sweep::PointResult> runWithProgress(const sweep::Sweep& s, std::span<const sweep::Point> points,
                                                int threads, const std::string& what, double& seconds, bool quiet)
{
    Progress progress(what, points.size(), quiet);
    sweep::RunOptions options;
    options.threads = threads;
    options.progress = [&](std::size_t done, std::size_t) { progress.update(done); };
    std::vector<sweep::PointResult> results = sweep::runPoints(s, points, options);
    progress.finish();
    seconds = progress.seconds();
    return results;
}

bool writeResult(const std::string& out, const std::string& text)
{
    if (out.empty()) {
        std::cout << text;
        return true;
    }
    std::error_code ec;
    if (const fs::path dir = fs::path(out).parent_path(); !dir.empty())
        fs::create_directories(dir, ec);
    if (const std::string err = json::writeFileAtomic(out, text); !err.empty()) {
        std::cerr << "jounce-cli: " << err << "\n";
        return false;
    }
    return true;
}

}  // namespace jounce::cli
