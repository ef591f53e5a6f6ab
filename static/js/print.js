// Pages made for paper: the Print button opens the browser's print dialog.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
