#!/usr/bin/env python3
"""CTest motec_ld_independent_reader: a .ld that jounce-cli wrote, read back by ldread.py.

Runs the skidpad maneuver with `jounce-cli run ... --out run.csv --record run.jrun --motec run.ld`,
exports the run file again with `export motec --csv`, then checks with the independent reader:

- the header, event, venue and vehicle blocks carry the run's vehicle, terrain and maneuver;
- every channel is at 60 Hz with one sample per frame and the run's start (sample 0);
- every channel's name, unit and values match the MoTeC CSV export, value for value;
- a dozen channels match Jounce's own SI telemetry CSV through this script's own table of i2's
  names and unit factors, within the channel's stated quantisation (half its last decimal) and
  the float storage of a run (7 significant digits);
- the .ldx is XML whose beacons are where the skidpad's phases begin (1 s and 9 s: its settle and
  build-speed phases last that long) and whose laps are one circumference of the 40 m circle.

    check_cli_ld.py --cli JOUNCE_CLI --source SOURCE_DIR --work WORK_DIR
"""

import argparse
import csv
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ldread  # noqa: E402

# i2's channel -> (Jounce's SI column, factor from SI), written here from i2's conventions, not
# taken from Jounce's table.
SI = {
    "Ground Speed": ("forwardSpeed", 3.6),
    "Engine RPM": ("engineOmega", 60.0 / (2.0 * math.pi)),
    "G Force Lat": ("latAccel", 1.0 / 9.80665),
    "G Force Long": ("longAccel", 1.0 / 9.80665),
    "Throttle Pos": ("accel", 100.0),
    "Brake Pos": ("brake", 100.0),
    "Yaw Rate": ("yawRate", 180.0 / math.pi),
    "Roll Angle": ("roll", 180.0 / math.pi),
    "Gear": ("gear", 1.0),
    "Pos X": ("posX", 1.0),
    "Susp Pos FL": ("jounce[FL]", 1000.0),
    "Susp Pos RR": ("jounce[RR]", 1000.0),
    "Tyre Load FR": ("tireLoad[FR]", 1.0),
    "Tyre Slip Angle RL": ("latSlip[RL]", 180.0 / math.pi),
    "Wheel Steer Angle FL": ("steerAngle[FL]", 180.0 / math.pi),
}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def run(args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s%s" % (result.returncode, " ".join(args), result.stdout, result.stderr))
    return result.stdout


def read_jounce_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0]
    return {n: [float(r[i]) for r in rows[2:]] for i, n in enumerate(names)}


def read_motec_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    check(rows[0][:2] == ["Format", "MoTeC CSV File"], "the MoTeC CSV starts %r" % rows[0][:2])
    names, units = rows[14], rows[15]
    data = [r for r in rows[18:] if r]
    return names, units, {n: [float(r[i]) for r in data] for i, n in enumerate(names)}


def check_blocks(ld, frames):
    h = ld.header
    check(h["channel_count"] == len(ld.channels), "header count %d, list %d" % (h["channel_count"], len(ld.channels)))
    check(h["vehicle"] == "Sports car", "vehicle %r" % h["vehicle"])
    check(h["venue"] == "proving-ground", "venue %r" % h["venue"])
    check(ld.event.get("name") == "skidpad", "event %r" % ld.event)
    check(ld.venue.get("name") == "proving-ground", "venue block %r" % ld.venue)
    check(ld.vehicle.get("id") == h["vehicle"], "vehicle block %r" % ld.vehicle)
    check(len(h["date"]) == 10 and h["date"][2] == "/" and len(h["time"]) == 8, "date %r time %r" % (h["date"], h["time"]))
    names = [c.name for c in ld.channels]
    check(len(set(names)) == len(names), "channel names repeat")
    for c in ld.channels:
        check(c.rate == 60, "%s at %d Hz" % (c.name, c.rate))
        check(c.count == frames + 1, "%s has %d samples for %d frames" % (c.name, c.count, frames))
        check(len(c.name) <= 31 and len(c.short_name) <= 7, "%s: name or short name too long" % c.name)


def check_against_motec_csv(ld, names, units, columns):
    check(names[0] == "Time" and units[0] == "s", "the CSV's first column is %r %r" % (names[0], units[0]))
    check(names[1:] == [c.name for c in ld.channels], "the CSV's channels differ from the .ld's")
    check(units[1:] == [c.unit for c in ld.channels], "the CSV's units differ from the .ld's")
    for c in ld.channels:
        values = c.values()
        quantum = 10.0 ** -c.decimals
        worst = max(abs(a - b) for a, b in zip(values, columns[c.name]))
        check(len(values) == len(columns[c.name]) and worst <= 1e-6 * quantum,
              "%s: .ld and CSV differ by %g (quantum %g)" % (c.name, worst, quantum))


def check_against_si(ld, si):
    times = si["time"]
    for name, (column, factor) in SI.items():
        c = ld.channel(name)
        values = c.values()
        tolerance = 0.5 * 10.0 ** -c.decimals
        check(values[0] == values[1], "%s: sample 0 is not the first frame held" % name)
        worst = 0.0
        for t, v in zip(times, si[column]):
            j = round(t * c.rate)  # frame at time t is sample t x rate
            expected = v * factor
            error = abs(values[j] - expected) - tolerance - 2e-7 * abs(expected)
            worst = max(worst, error)
        check(worst <= 1e-9, "%s: off %s x %g beyond its quantisation by %g" % (name, column, factor, worst))


def check_ldx(path, ld):
    root = ET.parse(path).getroot()
    check(root.tag == "LDXFile", "the .ldx root is %s" % root.tag)
    markers = root.findall("./Layers/Layer/MarkerBlock/MarkerGroup[@Name='Beacons']/Marker")
    beacons = [(m.get("Name"), float(m.get("Time")) / 1e6, m.get("ClassName")) for m in markers]
    check(all(b[2] == "BCN" for b in beacons), "a marker is not a beacon")
    phases = [b for b in beacons if " lap " not in b[0]]
    check([p[0] for p in phases][:2] == ["build speed", "ramp"], "phase beacons %r" % phases)
    check(abs(phases[0][1] - 1.0) < 1e-6 and abs(phases[1][1] - 9.0) < 1e-6, "phase times %r" % phases)
    laps = [b for b in beacons if " lap " in b[0]]
    check(len(laps) >= 2, "%d lap beacons" % len(laps))
    distance = ld.channel("Trip Distance").values()
    at = lambda t: distance[round(t * 60)]
    points = sorted([0.0] + [b[1] for b in beacons])
    for name, t, _ in laps:
        start = max(p for p in points if p < t)
        lap = at(t) - at(start)
        check(abs(lap - 2 * math.pi * 40) < 0.05 * 2 * math.pi * 40, "%s covers %.1f m, not the circle's" % (name, lap))
    details = {s.get("Id"): s.get("Value") for s in root.findall("./Layers/Details/String")}
    check(details.get("Total Laps") == str(len(beacons) + 1), "details %r" % details)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cli", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--work", required=True)
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    w = lambda name: os.path.join(a.work, name)
    presets = os.path.join(a.source, "presets")
    run([a.cli, "run", "--vehicle", os.path.join(presets, "sports-car.json"),
         "--terrain", os.path.join(presets, "terrains", "proving-ground.json"),
         "--maneuver", os.path.join(presets, "maneuvers", "skidpad.json"),
         "--out", w("run.csv"), "--record", w("run.jrun"), "--motec", w("run.ld")])
    run([a.cli, "export", "motec", w("run.jrun"), "--csv", "-o", w("motec.csv")])
    listing = run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ldread.py"), w("run.ld")])

    ld = ldread.read_ld(w("run.ld"))
    si = read_jounce_csv(w("run.csv"))
    check_blocks(ld, len(si["time"]))
    check_against_motec_csv(ld, *read_motec_csv(w("motec.csv")))
    check_against_si(ld, si)
    check_ldx(w("run.ldx"), ld)
    print(listing.splitlines()[0] if listing else "")
    print("%d channels of %d samples read back; %d failures" % (len(ld.channels), ld.channels[0].count, len(failures)))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
