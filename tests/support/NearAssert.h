#pragma once
// Shared assertion for the physics suites: absolute tolerance, printing both values on failure.

#include <QString>
#include <QtTest>

#define JOUNCE_VERIFY_NEAR(actual, expected, tolerance)                                              \
    do {                                                                                            \
        const double jounceActual_ = (actual);                                                      \
        const double jounceExpected_ = (expected);                                                  \
        const double jounceTol_ = (tolerance);                                                      \
        QVERIFY2(qAbs(jounceActual_ - jounceExpected_) <= jounceTol_,                              \
                 qPrintable(QStringLiteral("%1 = %2, expected %3 (tolerance %4)")                   \
                                .arg(QStringLiteral(#actual))                                       \
                                .arg(jounceActual_, 0, 'g', 12)                                     \
                                .arg(jounceExpected_, 0, 'g', 12)                                   \
                                .arg(jounceTol_, 0, 'g', 3)));                                      \
    } while (false)
