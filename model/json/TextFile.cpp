#include "json/TextFile.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <streambuf>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace jounce::json {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTempTag = ".jounce-tmp-";
// A file name has at most 255 bytes: a long target name is cut short in its temporary names.
constexpr std::size_t kMaxNameInTemp = 200;
// Temporary files of the writer before the names carried a pid (`.NAME.tmpNNNNNN`) have no owner
// to ask; a write takes milliseconds, so one older than this was left by a killed writer.
constexpr auto kLegacyTempAge = std::chrono::hours(1);

/// The file a write replaces: a symbolic link's target, so the link itself survives the rename.
fs::path resolvedTarget(const std::string& path)
{
    std::error_code ec;
    const fs::path target(path);
    if (fs::is_symlink(target, ec)) {
        fs::path real = fs::weakly_canonical(target, ec);
        if (!ec)
            return real;
    }
    return target;
}

fs::path folderOf(const fs::path& target) { return target.has_parent_path() ? target.parent_path() : fs::path("."); }

std::string tempPrefix(const fs::path& target)
{
    return "." + target.filename().string().substr(0, kMaxNameInTemp) + std::string(kTempTag);
}

/// The writer's pid in the rest of a temporary name ("PID-RANDOM"), or -1 when it is not one.
long tempOwner(std::string_view rest)
{
    const std::size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string_view::npos || dash > 9 || dash + 1 == rest.size())
        return -1;
    long pid = 0;
    for (std::size_t i = 0; i < dash; ++i) {
        if (rest[i] < '0' || rest[i] > '9')
            return -1;
        pid = pid * 10 + (rest[i] - '0');
    }
    for (std::size_t i = dash + 1; i < rest.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(rest[i])))
            return -1;
    return pid;
}

bool isLegacyTemp(std::string_view name, const std::string& legacyPrefix)
{
    if (name.substr(0, legacyPrefix.size()) != legacyPrefix)
        return false;
    const std::string_view digits = name.substr(legacyPrefix.size());
    if (digits.empty() || digits.size() > 6)
        return false;
    for (char c : digits)
        if (c < '0' || c > '9')
            return false;
    return true;
}

/// Writes all of `data`; returns 0 or the errno of the failure.
int writeAll(int fd, std::string_view data)
{
    std::size_t written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(fd, data.data() + written, data.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        written += static_cast<std::size_t>(n);
    }
    return 0;
}

/// The replaced file's owner and permissions go to its successor (a private file stays private).
void keepPermissions(int fd, const fs::path& target)
{
    struct stat st {};
    if (::stat(target.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return;
    // Only root may give a file away; otherwise the file is the writer's, as any new file.
    const bool owned = ::fchown(fd, st.st_uid, st.st_gid) == 0;
    const bool permitted = ::fchmod(fd, st.st_mode & 07777) == 0;
    static_cast<void>(owned && permitted);  // both are best effort
}

struct TempFile {
    int fd = -1;
    std::string path;
    std::string error;
};

TempFile createTemp(const fs::path& target)
{
    removeStrayTempFiles(target.string());
    thread_local std::mt19937_64 random(std::random_device{}() ^
                                        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
    const fs::path dir = folderOf(target);
    const std::string prefix = tempPrefix(target) + std::to_string(::getpid()) + "-";
    TempFile temp;
    for (int attempt = 0; attempt < 100; ++attempt) {
        char suffix[17];
        std::snprintf(suffix, sizeof suffix, "%016llx", static_cast<unsigned long long>(random()));
        temp.path = (dir / (prefix + suffix)).string();
        // 0666 and the umask, as any new file; an existing target's permissions are copied below.
        temp.fd = ::open(temp.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (temp.fd >= 0) {
            keepPermissions(temp.fd, target);
            return temp;
        }
        if (errno != EEXIST)
            break;
    }
    temp.error = "cannot create a temporary file in " + dir.string() + ": " + std::strerror(errno);
    temp.path.clear();
    return temp;
}

/// The rename is done; flushing the folder makes it survive a power cut. File systems that
/// cannot flush a folder refuse it, which changes nothing about the file: errors are ignored.
void syncFolder(const fs::path& dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

/// fsync, close, rename over the target, flush the folder. Closes `fd` and removes the temporary
/// file on failure. Returns an error message or "".
std::string commitTemp(int fd, const std::string& temp, const fs::path& target)
{
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        return "cannot flush " + temp + ": " + std::strerror(err);
    }
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        return "cannot flush " + temp + ": " + std::strerror(err);
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        return "cannot replace " + target.string() + ": " + std::strerror(err);
    }
    syncFolder(folderOf(target));
    return {};
}

/// A stream buffer straight onto a file descriptor, keeping the first write error.
class FdBuffer final : public std::streambuf {
public:
    explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
    int error() const { return error_; }

protected:
    int_type overflow(int_type ch) override
    {
        if (!drain())
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    bool drain()
    {
        if (error_ != 0)
            return false;
        error_ = writeAll(fd_, std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return error_ == 0;
    }

    int fd_;
    int error_ = 0;
    std::array<char, 1 << 16> buffer_{};
};

}  // namespace

std::string readTextFile(const std::string& path, std::size_t maxBytes, std::string& out)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return "is a folder, not a file";
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return "cannot read: " + ec.message();
    if (size > maxBytes)
        return "the file is " + std::to_string(size) + " bytes, more than the " + std::to_string(maxBytes) + " allowed";
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::string("cannot open: ") + std::strerror(errno);
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad())
        return "read error";
    return {};
}

std::string writeFileAtomic(const std::string& path, std::string_view contents)
{
    const fs::path target = resolvedTarget(path);
    TempFile temp = createTemp(target);
    if (temp.fd < 0)
        return temp.error;
    if (const int err = writeAll(temp.fd, contents); err != 0) {
        ::close(temp.fd);
        ::unlink(temp.path.c_str());
        return "cannot write " + temp.path + ": " + std::strerror(err);
    }
    return commitTemp(temp.fd, temp.path, target);
}

struct AtomicFileWriter::Impl {
    fs::path target;
    TempFile temp;
    std::unique_ptr<FdBuffer> buffer;
    std::ostream out{nullptr};
    bool committed = false;
    std::string commitError;
};

AtomicFileWriter::AtomicFileWriter(const std::string& path) : d_(std::make_unique<Impl>())
{
    d_->target = resolvedTarget(path);
    d_->temp = createTemp(d_->target);
    if (d_->temp.fd >= 0) {
        d_->buffer = std::make_unique<FdBuffer>(d_->temp.fd);
        d_->out.rdbuf(d_->buffer.get());
    }
}

AtomicFileWriter::~AtomicFileWriter()
{
    if (d_->committed || d_->temp.fd < 0)
        return;
    ::close(d_->temp.fd);
    ::unlink(d_->temp.path.c_str());
}

std::string AtomicFileWriter::error() const
{
    if (!d_->commitError.empty())
        return d_->commitError;
    if (!d_->temp.error.empty())
        return d_->temp.error;
    if (d_->buffer && d_->buffer->error() != 0)
        return "cannot write " + d_->temp.path + ": " + std::strerror(d_->buffer->error());
    return {};
}

std::ostream& AtomicFileWriter::stream() { return d_->out; }

std::string AtomicFileWriter::commit()
{
    if (d_->committed)
        return d_->commitError;
    if (d_->buffer)
        d_->out.flush();
    std::string err = error();
    if (err.empty()) {
        d_->committed = true;  // commitTemp closes the file and removes it when it fails
        err = commitTemp(d_->temp.fd, d_->temp.path, d_->target);
    } else if (d_->temp.fd >= 0) {
        ::close(d_->temp.fd);
        ::unlink(d_->temp.path.c_str());
    }
    d_->committed = true;
    d_->commitError = err;
    d_->temp.path.clear();
    d_->temp.fd = -1;
    return err;
}

std::string AtomicFileWriter::tempPath() const { return d_->temp.path; }

int removeStrayTempFiles(const std::string& path)
{
    const fs::path target = resolvedTarget(path);
    const fs::path dir = folderOf(target);
    const std::string prefix = tempPrefix(target);
    const std::string legacyPrefix = "." + target.filename().string() + ".tmp";
    DIR* folder = ::opendir(dir.c_str());
    if (!folder)
        return 0;
    const long self = ::getpid();
    const auto legacyBefore = std::chrono::system_clock::now() - kLegacyTempAge;
    int removed = 0;
    while (const dirent* entry = ::readdir(folder)) {
        const std::string_view name(entry->d_name);
        const bool tagged = name.substr(0, prefix.size()) == prefix;
        if (tagged) {
            const long owner = tempOwner(name.substr(prefix.size()));
            if (owner <= 0 || owner == self || processRunning(owner))
                continue;
        } else if (!isLegacyTemp(name, legacyPrefix)) {
            continue;
        }
        struct stat st {};
        if (::fstatat(::dirfd(folder), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (!tagged && std::chrono::system_clock::from_time_t(st.st_mtime) > legacyBefore)
            continue;
        if (::unlinkat(::dirfd(folder), entry->d_name, 0) == 0)
            ++removed;
    }
    ::closedir(folder);
    return removed;
}

namespace {

/// The state letter of /proc/PID/stat ('R', 'S', 'Z' for a zombie, ...), or 0 when unknown.
char processState(long pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!in || !std::getline(in, stat))
        return 0;
    const std::size_t comm = stat.rfind(')');  // the command name may hold spaces and parentheses
    return comm != std::string::npos && comm + 2 < stat.size() ? stat[comm + 2] : char(0);
}

}  // namespace

bool processRunning(long pid)
{
    if (pid <= 0 || pid != static_cast<pid_t>(pid))
        return false;
    // EPERM: it exists, as another user's process.
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
        return false;
    // A process killed but not yet reaped by its parent (a zombie, or dead on its way out) still
    // answers kill(pid, 0), but it runs no more: what it left behind is an orphan's.
    const char state = processState(pid);
    return state != 'Z' && state != 'X' && state != 'x';
}

}  // namespace jounce::json
