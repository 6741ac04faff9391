// The replay driver of the normal build: runs a fuzz target's LLVMFuzzerTestOneInput over every
// file of the given corpus folders (and files), in name order, then over the target's generated
// inputs. A crash, a sanitizer report or a broken invariant stops it like it stops libFuzzer; an
// input slower than --max-seconds fails it. CTest runs one per target (tests/fuzz/CMakeLists.txt).
// --expect-finding turns the verdict round for an open finding: the inputs run in a child process,
// and the replay passes while the child crashes or fails, and fails once it passes (fixed: the input
// belongs in the corpus now).
//
//   fuzz_vehicle_replay [--max-seconds S] [--no-generated] [--expect-finding] CORPUS_DIR_OR_FILE...

#include "FuzzSupport.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

bool readFile(const fs::path& path, std::string& out)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

struct Stats {
    int inputs = 0;
    double slowest = 0.0;
    std::string slowestName;
    std::vector<std::string> tooSlow;
};

void runOne(const std::string& name, const std::string& bytes, double maxSeconds, Stats& stats)
{
    // Named before it runs (stderr is unbuffered), so a crash's output ends with the input's name.
    std::fprintf(stderr, "input: %s\n", name.c_str());
    const auto start = std::chrono::steady_clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++stats.inputs;
    if (seconds > stats.slowest) {
        stats.slowest = seconds;
        stats.slowestName = name;
    }
    if (maxSeconds > 0.0 && seconds > maxSeconds)
        stats.tooSlow.push_back(name + " (" + std::to_string(bytes.size()) + " bytes, " + std::to_string(seconds) + " s)");
}

/// Runs `replay` in a child process; 0 when it failed (the finding is still there), 1 when it passed.
/// A slow finding is stopped by SIGALRM a second after `maxSeconds` (0: no limit), so its test
/// takes bounded time however slow the input is.
template <typename F>
int expectFinding(F replay, double maxSeconds)
{
    std::fflush(nullptr);
    const pid_t child = fork();
    if (child < 0) {
        std::perror("replay: fork");
        return 2;
    }
    if (child == 0) {
        if (maxSeconds > 0.0)
            alarm(static_cast<unsigned>(maxSeconds) + 1);
        _exit(replay());
    }
    int status = 0;
    if (waitpid(child, &status, 0) != child) {
        std::perror("replay: waitpid");
        return 2;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        std::printf("replay: the open finding no longer fails: fixed? move it into the seed corpus\n");
        return 1;
    }
    if (WIFSIGNALED(status))
        std::printf("replay: open finding still fails (signal %d)\n", WTERMSIG(status));
    else
        std::printf("replay: open finding still fails (exit %d)\n", WEXITSTATUS(status));
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    double maxSeconds = 0.0;
    bool generated = true;
    bool expectFailure = false;
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--max-seconds" && i + 1 < argc) {
            maxSeconds = std::stod(argv[++i]);
        } else if (a == "--no-generated") {
            generated = false;
        } else if (a == "--expect-finding") {
            expectFailure = true;
        } else if (fs::is_directory(a)) {
            std::vector<fs::path> inDir;
            for (const fs::directory_entry& e : fs::recursive_directory_iterator(a))
                if (e.is_regular_file())
                    inDir.push_back(e.path());
            std::sort(inDir.begin(), inDir.end());
            files.insert(files.end(), inDir.begin(), inDir.end());
        } else if (fs::is_regular_file(a)) {
            files.emplace_back(a);
        } else {
            std::fprintf(stderr, "replay: %s is neither a file nor a folder\n", a.c_str());
            return 2;
        }
    }
    if (files.empty()) {
        // An empty corpus would make the test pass without testing anything.
        std::fprintf(stderr, "replay: no corpus files given\n");
        return 2;
    }

    const auto replay = [&] {
        Stats stats;
        std::string bytes;
        for (const fs::path& f : files) {
            if (!readFile(f, bytes)) {
                std::fprintf(stderr, "replay: cannot read %s\n", f.c_str());
                return 2;
            }
            runOne(f.string(), bytes, maxSeconds, stats);
        }
        if (generated)
            for (const jounce::fuzz::GeneratedInput& g : jounce::fuzz::generatedInputs())
                runOne("generated: " + g.name, g.bytes, maxSeconds, stats);

        std::printf("replayed %d inputs; slowest %.3f s: %s\n", stats.inputs, stats.slowest, stats.slowestName.c_str());
        for (const std::string& s : stats.tooSlow)
            std::printf("too slow (limit %.1f s): %s\n", maxSeconds, s.c_str());
        return stats.tooSlow.empty() ? 0 : 1;
    };
    return expectFailure ? expectFinding(replay, maxSeconds) : replay();
}
