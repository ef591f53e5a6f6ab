// Small progressive enhancements; every page works without this file.
document.addEventListener("change", (event) => {
  const select = event.target.closest("[data-autosubmit]");
  if (select) select.form.requestSubmit();
});

// Live fragments poll only while the tab is visible (no eval: works under a strict CSP).
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
});
