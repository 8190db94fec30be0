// Mistake Bound Lab — the lab's pages on a narrow screen, with their styles (components/page.css): mounted with the
// figure saver, the one component on every page (components/figure_saver.py puts this before the saver's code).
//
// On a phone Streamlit's sidebar covers the page; a page chosen in it opened behind it, and the sidebar stayed open
// (issue 34): Streamlit 1.67 closes it only for a browser whose user agent it reads as a phone's (a tablet, a narrow
// window or a phone asking for the desktop site kept it).  Here a page chosen in the sidebar's navigation closes
// the sidebar whenever the sidebar covers the page, whatever the browser says it is; where the sidebar sits beside
// the page, it stays.
(() => {
  if (window.__mblPageNavigation) return;
  window.__mblPageNavigation = true;
  const COLLAPSE = '[data-testid="stSidebar"] button[aria-label="Collapse sidebar"][aria-expanded="true"]';
  // whether the open sidebar lies over the page's main area (Streamlit's narrow layout) rather than beside it
  const covers = () => {
    const sidebar = document.querySelector('[data-testid="stSidebar"]'), main = document.querySelector('[data-testid="stMain"]');
    if (!sidebar || !main) return false;
    const side = sidebar.getBoundingClientRect(), page = main.getBoundingClientRect();
    return side.width > 0 && side.right > 0 && page.left < side.right - 1;
  };
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest('[data-testid="stSidebarNav"] a');
    if (!link || !covers()) return;
    // after Streamlit's own handler has switched the page (and closed the sidebar itself, for a phone it knows)
    setTimeout(() => {
      const collapse = document.querySelector(COLLAPSE);
      if (collapse && covers()) collapse.click();
    }, 0);
  });
})();
