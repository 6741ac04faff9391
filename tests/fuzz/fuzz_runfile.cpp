// Fuzz target: run files (.jrun), the way File ▸ Open Run and `jounce-cli run --inputs` read them.
// A file read without errors must hold what its header says -- a frame per step unless it has no
// inputs or is an old truncated one, at most RunRecorder::kMaxRunSteps steps, memory in proportion
// to its size -- write back bytes that read back and write the same, and replay its first steps.

#include "FuzzSupport.h"

#include "config/ReferenceCar.h"
#include "run/RunFile.h"
#include "run/RunFileFormat.h"
#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "world/TerrainGround.h"

#include <algorithm>
#include <memory>

namespace {

using namespace jounce;

constexpr std::uint64_t kReplaySteps = 3;
/// Memory of a run read from N bytes: its tracks take at most twice the file's blocks (72 bytes
/// per 48-byte input change, a distance beside each frame) and a block each not filled yet.
constexpr std::size_t kMemoryOverheadBytes = std::size_t(8) << 20;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

void replayFirstSteps(const sim::RunLog& run)
{
    sim::Simulation simulation(sim::makeGround(nullptr), run.vehicle, run.start);
    sim::RunRecorder recorder(simulation);
    recorder.startReplay(std::make_shared<const sim::InputTrack>(run.inputs), run.start);
    FUZZ_CHECK(recorder.replayLength() == run.inputs.steps(), "the replay's length is not the run's steps");
    for (std::uint64_t i = 0; i < std::min(kReplaySteps, run.inputs.steps()); ++i)
        recorder.step();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const sim::RunFileDocument doc = sim::parseRunFile(fuzz::asText(data, size));
    if (!doc.ok()) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not read must say why");
        return 0;
    }
    const sim::RunLog& run = *doc.run;
    const std::uint64_t steps = run.inputs.steps(), frames = run.telemetry.size();
    FUZZ_CHECK(steps == frames || (steps == 0 && run.inputs.changeCount() == 0) || (run.truncated && frames < steps),
               std::to_string(steps) + " steps and " + std::to_string(frames) + " frames read as a whole run");
    FUZZ_CHECK(steps <= sim::RunRecorder::kMaxRunSteps, "a replay of " + std::to_string(steps) + " steps");
    FUZZ_CHECK(run.memoryBytes() <= 2 * size + kMemoryOverheadBytes,
               std::to_string(size) + " bytes took " + std::to_string(run.memoryBytes()) + " in memory");

    const std::string canonical = sim::runFileBytes(run);
    const sim::RunFileDocument again = sim::parseRunFile(canonical);
    FUZZ_CHECK(again.ok(), "the bytes written for a run that read do not read back:\n" + problemText(again.problems));
    FUZZ_CHECK(sim::runFileBytes(*again.run) == canonical, "a run file changes when read and written again");

    if (run.replayable())
        replayFirstSteps(run);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // The file at full size: a recorded run whose header claims ten million steps beside
    // its 600 frames (it replayed for 152 s and wrote 10 GB of CSV); and the run itself.
    using namespace jounce;
    sim::Simulation simulation(sim::makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), {});
    sim::RunRecorder recorder(simulation);
    sim::RunLogger logger;
    recorder.addObserver(logger);
    sim::RunLog log;
    log.name = "idle";
    log.vehicle = std::make_shared<const VehicleConfig>(referenceCar());
    logger.begin(std::move(log));
    for (int i = 0; i < 600; ++i)
        recorder.step();
    const std::string bytes = sim::runFileBytes(*logger.finish());
    // The header grows by 5 bytes ("600" to "10000000"): its length on the first line follows.
    const std::size_t newline = bytes.find('\n');
    std::string rest = bytes.substr(newline);
    const std::string steps = "\"steps\": 600";
    rest.replace(rest.find(steps), steps.size(), "\"steps\": 10000000");
    const std::size_t length = std::stoul(bytes.substr(sim::runfile::kMagic.size(), newline)) + 5;
    const std::string claim = std::string(sim::runfile::kMagic) + std::to_string(length) + rest;
    return {{"a recorded run of 600 steps", bytes}, {"the same claiming 10000000 steps", claim}};
}
