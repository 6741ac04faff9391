#include "json/TextFile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fcntl.h>
#include <unistd.h>

namespace jounce::io {

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
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::random_device rd;
    const fs::path temp = dir / ("." + target.filename().string() + ".tmp" + std::to_string(rd() % 1000000));
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return "cannot create a temporary file in " + dir.string() + ": " + std::strerror(errno);
    std::size_t written = 0;
    while (written < contents.size()) {
        const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string err = std::strerror(errno);
            ::close(fd);
            ::unlink(temp.c_str());
            return "cannot write " + temp.string() + ": " + err;
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string err = std::strerror(errno);
        ::unlink(temp.c_str());
        return "cannot flush " + temp.string() + ": " + err;
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        ::unlink(temp.c_str());
        return "cannot replace " + path + ": " + ec.message();
    }
    return {};
}

}  // namespace jounce::io
