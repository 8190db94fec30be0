// Mistake Bound Lab — the one writer of the address bar in the browser.
//
// The player keeps its trial and presentation mode there (?t=…&present=1), the quiz ?quiz=1, the projector
// theme ?theme=projector (lab/links.py knows these keys: a shared link keeps them).  Each writes only its own keys
// through address.write — window.MistakeBoundTimeline.url.write for the plugins — with history.replaceState, so
// the Back button is not filled with trials.  An opaque or sandboxed location (a file's iframe) just keeps no URL.
const address = {
  // set each key of ``changes`` to its value, or remove it where the value is null
  write(changes) {
    try {
      const url = new URL(window.location.href);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined) url.searchParams.delete(key);
        else url.searchParams.set(key, String(value));
      }
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
    } catch (error) { /* an opaque or sandboxed location: the state is just not in the URL */ }
  },
  // the query's value of ``key`` (or the #hash's, in a file opened from disk), null when absent
  read(key) {
    try {
      const query = new URLSearchParams(window.location.search).get(key);
      return query !== null ? query : new URLSearchParams(window.location.hash.slice(1)).get(key);
    } catch (error) { return null; }
  },
};
