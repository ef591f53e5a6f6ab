// The organiser's page of a sign-up's private link: the address is plain, selectable text;
// with JavaScript, a tap on it selects it whole, and the Copy button copies it.
document.querySelectorAll("[data-copy]").forEach((button) => {
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  const label = button.textContent;
  button.hidden = false;
  source.addEventListener("focus", () => source.select());
  button.addEventListener("click", async () => {
    source.focus();
    source.select();
    try {
      await navigator.clipboard.writeText(source.value);
    } catch {
      if (!document.execCommand("copy")) return;  // left selected, to copy by hand
    }
    button.textContent = button.dataset.copied;
    setTimeout(() => { button.textContent = label; }, 2000);
  });
});
