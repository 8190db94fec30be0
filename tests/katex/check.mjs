// Renders formulas with KaTeX the way st.latex does, and reports every one KaTeX rejects.
// stdin: a JSON array of LaTeX strings; stdout: a JSON array, null for a formula that renders,
// else KaTeX's error message.  Used by tests/test_trial_math.py.
import katex from "katex";

// Strict about everything but "unknownSymbol": a character KaTeX has no metrics for (an arrow in
// a \text{…}, a class name in another script), which st.latex draws with the browser's own font.
const STRICT = (code) => (code === "unknownSymbol" ? "ignore" : "error");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const formulas = JSON.parse(input);
  const results = formulas.map((tex) => {
    try {
      katex.renderToString(tex, {displayMode: true, throwOnError: true, strict: STRICT});
      return null;
    } catch (error) {
      return String(error && error.message ? error.message : error);
    }
  });
  process.stdout.write(JSON.stringify(results));
});
