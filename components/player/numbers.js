// Mistake Bound Lab — numbers as the lab writes them, in the browser (module 1 of the player: components/html_export.py
// PLAYER_MODULES; the class room and the Data canvas load it too).  numberText is lab/numbers.py's number_text, the
// one formatter of a number; formatNumber, the metrics', the experts' and the spoken numbers, writes a count whole
// (12,345 mistakes) and any other number by numberText.  TEXT_DIGITS significant digits
// (Python's "g" format: rounded to nearest on the float's exact value, a tie to the even digit, so 6.0625 is 6.062
// where toPrecision says 6.063), a true minus sign, a power of ten spelled out (2.5·10^−7, never 2.5e-7), ∞ and
// "undefined".  tests/js/numbers.test.mjs checks every string against Python's on fixtures made by
// tests/js/fixtures.py (numbers_case), TEXT_DIGITS against lab.numbers.TEXT_DIGITS.

const TEXT_DIGITS = 4;
const NUMBER_MINUS = "\u2212";
const NUMBER_BITS = new DataView(new ArrayBuffer(8));

// A positive finite x as M·2^E, M a whole number below 2^53 (the float's bits).
function binaryParts(x) {
  NUMBER_BITS.setFloat64(0, x);
  const high = NUMBER_BITS.getUint32(0), low = NUMBER_BITS.getUint32(4);
  const biased = (high >>> 20) & 0x7ff, mantissa = (high & 0xfffff) * 2 ** 32 + low;
  return biased === 0 ? [mantissa, -1074] : [mantissa + 2 ** 52, biased - 1075];
}

// Whether x > 0, whose leading digit is at 10^exponent, lies exactly halfway between two numbers of `digits`
// significant digits: 2·x·10^s is an odd whole number, s = digits − 1 − exponent.  With x = M_odd·2^k (M_odd odd)
// that is k + 1 + s = 0, and for s < 0 also 5^−s dividing M_odd (exact: all below 2^53).
function isTie(x, digits, exponent) {
  let [m, k] = binaryParts(x);
  while (m % 2 === 0) { m /= 2; k += 1; }
  const s = digits - 1 - exponent;
  if (k + 1 + s !== 0) return false;
  return s >= 0 || (-s <= 22 && m % 5 ** -s === 0);
}

// x > 0 rounded to `digits` significant digits as Python rounds it: [the digits, the power of ten of the first]
function roundedDigits(x, digits) {
  const [mantissa, power] = x.toExponential(digits - 1).split("e");   // nearest; a tie goes up (away from 0)
  let figures = mantissa.replace(".", "");
  const last = Number(figures[figures.length - 1]);
  // x's own power of ten (one digit more is exact for a tie; rounding up to 10^(power + 1) is a carry, which ends
  // in an even number, 10…0)
  const own = Number(x.toExponential(digits).split("e")[1]);
  // a tie that went up to an odd digit goes down to the even one instead
  if (last % 2 === 1 && Number(power) === own && isTie(x, digits, own)) figures = figures.slice(0, -1) + String(last - 1);
  return [figures, Number(power)];
}

function numberText(value, digits = TEXT_DIGITS) {
  const x = Number(value) + 0;                       // −0 is written 0
  if (Number.isNaN(x)) return "undefined";
  if (!Number.isFinite(x)) return x > 0 ? "∞" : `${NUMBER_MINUS}∞`;
  if (x === 0) return "0";
  const p = Math.max(1, Math.trunc(digits));
  const [figures, power] = roundedDigits(Math.abs(x), p);
  const strip = (text) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
  let body;
  if (power >= -4 && power < p) {                   // Python's "g": positional between 10^−4 and 10^p
    body = power >= 0 ? `${figures.slice(0, power + 1)}.${figures.slice(power + 1)}`
                      : `0.${"0".repeat(-power - 1)}${figures}`;
    body = strip(body);
  } else {
    const exponent = power < 0 ? `${NUMBER_MINUS}${-power}` : String(power);
    body = `${strip(`${figures[0]}.${figures.slice(1)}`)}·10^${exponent}`;
  }
  return (x < 0 ? NUMBER_MINUS : "") + body;
}

function formatNumber(value) {
  const x = Number(value);
  if (value === null || value === undefined || !Number.isFinite(x)) return "—";
  if (Number.isInteger(x)) return (x < 0 ? NUMBER_MINUS : "") + Math.abs(x).toLocaleString("en");
  return numberText(x);
}
