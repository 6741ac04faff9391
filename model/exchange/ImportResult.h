#pragma once
// What an importer of a foreign vehicle format returns: the vehicle, the problems found in each
// source file (located by JSON pointer, or by line in text formats), the validation problems of the
// vehicle that came out, and the conversion report.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"
#include "json/Problem.h"

#include <string>
#include <vector>

namespace jounce::exchange {

struct FileProblems {
    std::string file;  ///< the source file's name, or "imported vehicle" for the validation of the result
    Problems problems;
};

struct ImportResult {
    VehicleConfig vehicle;
    std::vector<FileProblems> problems;
    ConversionReport report;

    bool hasErrors() const
    {
        for (const FileProblems& f : problems)
            if (f.problems.hasErrors())
                return true;
        return false;
    }
    /// Every file was read without an error and the vehicle is valid.
    bool ok() const { return !hasErrors(); }
};

}  // namespace jounce::exchange
