// Mistake Bound Lab — a student's number, read and judged in the browser by lab/grading.py's rule (the quiz's
// answers; lab/grading.py reads the lessons' on the server).  readNumber reads what lab.grading.read_number reads
// and refuses what it refuses: spaces around it (Python's str.strip), a true minus sign (−2), a decimal comma
// (0,75), a fraction (3/4, −1/3, 2,5/5), an exponent (1e-3), a space or thin space as thousands separator,
// around the fraction bar or after a sign, any Unicode decimal digit; NaN for anything else, a division by zero or a number too large.  isClose is lab.grading.is_close:
//     |given − expected| ≤ max(abs, rel·|expected|),
// with the tolerance the payload's question carries (lab.grading.TOLERANCE).  tests/js/grading.test.mjs checks
// both against Python's answers on fixtures made by tests/js/fixtures.py.

// the characters Python's str.strip() removes (str.isspace); String.prototype.trim differs (it removes U+FEFF,
// keeps U+001C–U+001F and U+0085)
const GRADING_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const GRADING_TRIM = new RegExp(`^${GRADING_SPACE}+|${GRADING_SPACE}+$`, "g");
// lab/grading.py's _DECIMAL and _NUMBER (Python's \d is any Unicode decimal digit, \p{Nd})
const GRADING_DECIMAL = "[-+]?(?:\\p{Nd}+(?:[.,]\\p{Nd}*)?|[.,]\\p{Nd}+)(?:[eE][-+]?\\p{Nd}+)?";
const GRADING_NUMBER = new RegExp(`^(${GRADING_DECIMAL})(?:/(${GRADING_DECIMAL}))?$`, "u");

// a decimal digit of any script as 0–9 (Unicode puts each script's ten digits in a row, 0 first, and a run of
// digit code points is whole rows)
function asciiDigits(text) {
  return text.replace(/\p{Nd}/gu, (digit) => {
    let start = digit.codePointAt(0);
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
    return String((digit.codePointAt(0) - start) % 10);
  });
}

// lab/grading.py's _INNER, _FRACTION_BAR, _THOUSANDS and _SIGN: a space or thin space only around the
// fraction bar, after a sign and before a group of exactly three digits (thousands); anywhere else it is refused
const GRADING_INNER = "[ \\u2009]";
const GRADING_BAR = new RegExp(`${GRADING_INNER}*/${GRADING_INNER}*`, "g");
const GRADING_THOUSANDS = new RegExp(`(?<=\\p{Nd})${GRADING_INNER}(?=\\p{Nd}{3}(?!\\p{Nd}))`, "gu");
const GRADING_SIGN = new RegExp(`^([-+])${GRADING_INNER}+`);

function readNumber(text) {
  const clean = String(text).replace(GRADING_TRIM, "").replace(/\u2212/g, "-").replace(GRADING_BAR, "/")
    .replace(GRADING_THOUSANDS, "").replace(GRADING_SIGN, "$1");
  if (!clean || /[ \u2009]/.test(clean)) return NaN;
  const found = GRADING_NUMBER.exec(clean);
  if (!found) return NaN;
  const [top, bottom] = [found[1], found[2]].map((part) => (part ? Number(asciiDigits(part).replace(",", ".")) : null));
  if (bottom === 0) return NaN;
  const value = bottom === null ? top : top / bottom;
  return Number.isFinite(value) ? value : NaN;
}

function isClose(given, expected, {abs, rel}) {
  return Math.abs(given - expected) <= Math.max(abs, rel * Math.abs(expected));
}
