"""A point set as a short URL-safe text, and back, exactly.

Hand-drawn points go into a shared link (:mod:`lab.links`), so the encoding must be compact and
lossless: the decoded set has the same fingerprint as the encoded one.  The layout, before
zlib compression and base64url (no padding)::

    version (1 byte) · flags (1 byte) · K classes (1 byte)
    K class names (UTF-8, each a length byte then its bytes)
    θ (K float64, only if flag THETA: a priority differs from 1)
    n points (unsigned varint)
    coordinates: a decimal scale d (1 byte) and 2n zigzag varints round(v·10^d) — x's then y's —
                 or, when no d ≤ 9 reproduces every coordinate bit for bit, 2n float64
    labels: n bytes (class indices)
    weights (only if flag WEIGHTED: a weight differs from 1): a scale and varints, or float64
    negative zeros (only if flag NEGATIVE_ZEROS: a decimal coordinate is −0.0, which an integer cannot
                 carry): their count and their places among the 2n coordinates, as varints

Clicks land anywhere (float64 coordinates): 300 of them take about 6.3 KB of text; generated
or imported points with a few decimals take a fraction of that.

Decoding treats the text as hostile: a length cap before anything is decoded, a cap on the
inflated size (no zip bomb), bounds on every count, and :class:`datasets.pointset.PointSet`'s
own checks on the result — every problem is a ValueError that says what is wrong.

>>> from datasets.pointset import PointSet
>>> points = PointSet.from_arrays([[0.5, -1.25], [2.0, 3.0]], [0, 1], class_names=["cats", "dogs"])
>>> text = encode_points(points)
>>> decode_points(text) == points
True
>>> decode_points("not base64!")
Traceback (most recent call last):
...
ValueError: The points in the link are damaged: they may only use the letters A–Z, a–z, digits, '-' and '_'.
"""

from __future__ import annotations

import base64
import re
import struct
import zlib

import numpy as np

from datasets.pointset import MAX_CLASSES, MAX_POINTS, PointSet

VERSION = 1
THETA, WEIGHTED, COORDS_FLOAT, WEIGHTS_FLOAT, NEGATIVE_ZEROS = 1, 2, 4, 8, 16
#: longest encoded text decoded at all (a link is at most 8 KB; a lab file holds points as JSON)
MAX_TEXT = 64_000
#: largest inflated body accepted (about 30,000 float64 points: far beyond what a link can carry)
MAX_BODY = 1_000_000
MAX_DECIMALS = 9
_TEXT = re.compile(r"[A-Za-z0-9_-]*")


# ------------------------------------------------------------------ numbers as bytes
def _decimal_scale(values: np.ndarray) -> int | None:
    """The smallest d ≤ 9 with round(v·10^d)/10^d equal to v bit for bit for every v (−0.0 counted as 0.0:
    the negative zeros travel apart, flag NEGATIVE_ZEROS), or None."""
    if values.size == 0:
        return 0
    values = values + 0.0
    for d in range(MAX_DECIMALS + 1):
        scaled = np.round(values * 10.0 ** d)
        if np.max(np.abs(scaled)) >= 2.0 ** 53:
            return None
        if (scaled / 10.0 ** d).tobytes() == values.tobytes():
            return d
    return None


def _varints(integers: np.ndarray) -> bytes:
    out = bytearray()
    for value in integers.astype(np.int64).tolist():
        zigzag = (value << 1) ^ (value >> 63)
        while zigzag >= 0x80:
            out.append((zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        out.append(zigzag)
    return bytes(out)


def _numbers(values: np.ndarray) -> tuple[bool, bytes]:
    """(as float64?, bytes) of a float array: decimal varints when exact, else raw float64."""
    d = _decimal_scale(values)
    if d is None:
        return True, values.astype("<f8").tobytes()
    return False, bytes([d]) + _varints(np.round(values * 10.0 ** d))


class _Reader:
    """Reads the body front to back; running past its end is a ValueError, never an IndexError."""

    def __init__(self, body: bytes):
        self.body, self.at = body, 0

    def take(self, count: int) -> bytes:
        if count < 0 or self.at + count > len(self.body):
            raise ValueError("The points in the link are cut short: part of the data is missing.")
        chunk = self.body[self.at:self.at + count]
        self.at += count
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ValueError("The points in the link are damaged: a number is longer than any coordinate.")

    def numbers(self, count: int, as_float: bool) -> np.ndarray:
        if as_float:
            values = np.frombuffer(self.take(8 * count), dtype="<f8").astype(float)
        else:
            d = self.byte()
            if d > MAX_DECIMALS:
                raise ValueError(f"The points in the link are damaged: {d} decimals (at most {MAX_DECIMALS}).")
            zigzags = [self.varint() for _ in range(count)]
            integers = np.array([(z >> 1) ^ -(z & 1) for z in zigzags], dtype=float)
            values = integers / 10.0 ** d
        if not np.all(np.isfinite(values)):
            raise ValueError("The points in the link hold a number that is not finite (NaN or infinity).")
        return values


# ------------------------------------------------------------------ encode / decode
def encode_points(points: PointSet) -> str:
    """``points`` as base64url text (no padding), decoded exactly by :func:`decode_points`."""
    X, labels, weights = points.to_arrays()
    theta = np.asarray(points.theta, dtype=float)
    flags = 0
    body = bytearray([VERSION, 0, len(points.class_names)])
    for name in points.class_names:
        encoded = name.encode("utf-8")
        body += bytes([len(encoded)]) + encoded
    if np.any(theta != 1.0):
        flags |= THETA
        body += theta.astype("<f8").tobytes()
    body += _varints(np.array([len(points)]))          # n ≥ 0: written as its zigzag, 2n
    columns = np.concatenate([X[:, 0], X[:, 1]]) if len(points) else np.zeros(0)
    coords_float, coords = _numbers(columns)
    flags |= COORDS_FLOAT if coords_float else 0
    body += coords + labels.astype(np.uint8).tobytes()
    if np.any(weights != 1.0):
        flags |= WEIGHTED
        weights_float, encoded_weights = _numbers(weights)
        flags |= WEIGHTS_FLOAT if weights_float else 0
        body += encoded_weights
    negative_zeros = np.flatnonzero((columns == 0) & np.signbit(columns))
    if not coords_float and negative_zeros.size:
        flags |= NEGATIVE_ZEROS
        body += _varints(np.concatenate([[negative_zeros.size], negative_zeros]))
    body[1] = flags
    return base64.urlsafe_b64encode(zlib.compress(bytes(body), 9)).rstrip(b"=").decode("ascii")


def _inflate(text: str) -> bytes:
    if not isinstance(text, str):
        raise ValueError(f"The points in a link are text; got {type(text).__name__}.")
    if len(text) > MAX_TEXT:
        raise ValueError(f"The points in the link are {len(text):,} characters long; at most {MAX_TEXT:,} are read "
                         "(a larger set travels as a lab file).")
    if not _TEXT.fullmatch(text):
        raise ValueError("The points in the link are damaged: they may only use the letters A–Z, a–z, digits, "
                         "'-' and '_'.")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_BODY)
    except (ValueError, zlib.error):
        raise ValueError("The points in the link are damaged (cut short or changed): they cannot be unpacked.") from None
    if inflater.unconsumed_tail:
        raise ValueError(f"The points in the link unpack to more than {MAX_BODY:,} bytes; refused.")
    if not inflater.eof:
        raise ValueError("The points in the link are cut short: part of the data is missing.")
    return body


def decode_points(text: str) -> PointSet:
    """The point set :func:`encode_points` wrote as ``text``; ValueError saying what is wrong otherwise."""
    reader = _Reader(_inflate(text))
    version, flags, k = reader.byte(), reader.byte(), reader.byte()
    if version != VERSION:
        raise ValueError(f"The points in the link were written by another version of the lab ({version}); "
                         f"this one reads version {VERSION}.")
    if not 2 <= k <= MAX_CLASSES:
        raise ValueError(f"The points in the link name {k} classes; a point set has 2 to {MAX_CLASSES}.")
    try:
        names = [reader.take(reader.byte()).decode("utf-8") for _ in range(k)]
    except UnicodeDecodeError:
        raise ValueError("The points in the link are damaged: a class name is not UTF-8 text.") from None
    theta = struct.unpack(f"<{k}d", reader.take(8 * k)) if flags & THETA else None
    n = reader.varint() >> 1
    if n > MAX_POINTS:
        raise ValueError(f"The link claims {n:,} points; a point set holds at most {MAX_POINTS:,}.")
    coords = reader.numbers(2 * n, bool(flags & COORDS_FLOAT))
    labels = np.frombuffer(reader.take(n), dtype=np.uint8).astype(int)
    weights = reader.numbers(n, bool(flags & WEIGHTS_FLOAT)) if flags & WEIGHTED else None
    if flags & NEGATIVE_ZEROS:
        count = reader.varint() >> 1
        if count > 2 * n:
            raise ValueError("The points in the link are damaged: more negative zeros than coordinates.")
        for _ in range(count):
            place = reader.varint() >> 1
            if place >= 2 * n or coords[place] != 0:
                raise ValueError("The points in the link are damaged: a negative zero out of place.")
            coords[place] = -0.0
    if reader.at != len(reader.body):
        raise ValueError("The points in the link are damaged: data follows the last point.")
    return PointSet.from_arrays(np.column_stack([coords[:n], coords[n:]]) if n else np.zeros((0, 2)),
                                labels, weights=weights, class_names=names, theta=theta)
