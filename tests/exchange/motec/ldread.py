#!/usr/bin/env python3
"""An independent reader of MoTeC .ld logs, for checking the files Jounce writes.

Written from the public descriptions of the format (docs/motec.md lists them), not from Jounce's
writer: it reads any .ld those descriptions cover, as MoTeC's loggers and i2 write them, with
16- and 32-bit integer samples, 16- and 32-bit floats, and every scaling field. Standard library
only (struct).

    ldread.py FILE.ld                 the header, the event/venue/vehicle blocks and every channel
    ldread.py FILE.ld --values N      ... and each channel's first N values

As a module: read_ld(path) -> LdFile.
"""

import struct
import sys

HEADER_MARKER = 0x40


class LdError(Exception):
    pass


class Channel:
    """One channel: its description and its samples, decoded to values in its unit."""

    def __init__(self, fields, raw):
        (self.prev, self.next, self.data_at, self.count, _, self.kind, self.size, self.rate,
         self.shift, self.multiplier, self.scale, self.decimals, self.name, self.short_name,
         self.unit) = fields
        self.raw = raw

    def values(self):
        # value = (raw / scale x 10^-decimals + shift) x multiplier
        scale = self.scale if self.scale else 1
        return [(r / scale * 10.0 ** -self.decimals + self.shift) * self.multiplier for r in self.raw]


class LdFile:
    def __init__(self):
        self.header = {}
        self.event = {}
        self.venue = {}
        self.vehicle = {}
        self.channels = []

    def channel(self, name):
        for c in self.channels:
            if c.name == name:
                return c
        raise KeyError(name)


def _text(data, at, size):
    field = data[at:at + size]
    end = field.find(b"\0")
    return (field if end < 0 else field[:end]).decode("latin-1").strip()


def _u16(data, at):
    return struct.unpack_from("<H", data, at)[0]


def _u32(data, at):
    return struct.unpack_from("<I", data, at)[0]


def _need(data, at, size, what):
    if at < 0 or at + size > len(data):
        raise LdError("%s at %d+%d lies beyond the file's %d bytes" % (what, at, size, len(data)))


# Sample types: (type code, size in bytes) -> struct format.
_SAMPLE = {
    (0, 2): "h", (3, 2): "h", (5, 2): "h",  # 16-bit integers (0: MoTeC's beacon channels)
    (0, 4): "i", (3, 4): "i", (5, 4): "i",  # 32-bit integers
    (7, 2): "e", (7, 4): "f",               # IEEE 754 half and single floats
}


def _read_header(data, ld):
    _need(data, 0, 0x6E2, "the header")
    if _u32(data, 0) != HEADER_MARKER:
        raise LdError("no .ld marker (0x40) at offset 0")
    h = ld.header
    h["channel_list"] = _u32(data, 0x08)
    h["data"] = _u32(data, 0x0C)
    h["event_block"] = _u32(data, 0x24)
    h["device_serial"] = _u32(data, 0x46)
    h["device_type"] = _text(data, 0x4A, 8)
    h["device_version"] = _u16(data, 0x52)
    h["channel_count"] = _u32(data, 0x56)
    h["date"] = _text(data, 0x5E, 16)
    h["time"] = _text(data, 0x7E, 16)
    h["driver"] = _text(data, 0x9E, 64)
    h["vehicle"] = _text(data, 0xDE, 64)
    h["venue"] = _text(data, 0x15E, 64)
    h["session"] = _text(data, 0x5E4, 64)
    h["short_comment"] = _text(data, 0x624, 64)


def _read_blocks(data, ld):
    at = ld.header["event_block"]
    if not at:
        return
    _need(data, at, 1156, "the event block")
    ld.event = {"name": _text(data, at, 64), "session": _text(data, at + 64, 64),
                "comment": _text(data, at + 128, 1024)}
    venue = _u16(data, at + 1152)  # a 16-bit pointer in some descriptions: the low half either way
    if not venue:
        return
    _need(data, venue, 1100, "the venue block")
    ld.venue = {"name": _text(data, venue, 64)}
    vehicle = _u16(data, venue + 1098)
    if not vehicle:
        return
    _need(data, vehicle, 260, "the vehicle block")
    ld.vehicle = {"id": _text(data, vehicle, 64), "weight": _u16(data, vehicle + 192),
                  "type": _text(data, vehicle + 196, 32)}


def _read_channels(data, ld):
    at, seen, previous = ld.header["channel_list"], set(), 0
    while at:
        if at in seen:
            raise LdError("the channel list loops back to %d" % at)
        seen.add(at)
        _need(data, at, 124, "a channel description")
        fields = struct.unpack_from("<IIIIHHHHhhhh", data, at) + (
            _text(data, at + 32, 32), _text(data, at + 64, 8), _text(data, at + 72, 12))
        if fields[0] != previous:
            raise LdError("channel at %d: its previous link is %d, not %d" % (at, fields[0], previous))
        kind, size, count, data_at = fields[5], fields[6], fields[3], fields[2]
        if (kind, size) not in _SAMPLE:
            raise LdError("channel %r: unknown sample type %d of %d bytes" % (fields[12], kind, size))
        _need(data, data_at, count * size, "channel %r's samples" % fields[12])
        raw = struct.unpack_from("<%d%s" % (count, _SAMPLE[(kind, size)]), data, data_at)
        ld.channels.append(Channel(fields, raw))
        previous, at = at, fields[1]


def read_ld(path):
    with open(path, "rb") as f:
        data = f.read()
    ld = LdFile()
    _read_header(data, ld)
    _read_blocks(data, ld)
    _read_channels(data, ld)
    return ld


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    shown = int(argv[3]) if len(argv) > 3 and argv[2] == "--values" else 0
    try:
        ld = read_ld(argv[1])
    except (LdError, OSError, struct.error) as e:
        print("ldread: %s: %s" % (argv[1], e), file=sys.stderr)
        return 1
    for block, fields in (("header", ld.header), ("event", ld.event), ("venue", ld.venue),
                          ("vehicle", ld.vehicle)):
        for key, value in fields.items():
            print("%s.%s: %s" % (block, key, value))
    print("channels: %d" % len(ld.channels))
    for c in ld.channels:
        line = "%-32s %-8s %-6s %5d Hz %7d samples type %d/%d dec %d" % (
            c.name, c.short_name, c.unit, c.rate, c.count, c.kind, c.size, c.decimals)
        if shown:
            line += "  " + " ".join("%g" % v for v in c.values()[:shown])
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
