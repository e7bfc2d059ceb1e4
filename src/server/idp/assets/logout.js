// Served as a file because the CSP refuses inline scripts. Presses the "Sign out" button of the
// end-session page at once, so signing out of the console needs no second confirmation.
document.addEventListener('DOMContentLoaded', () => {
  const button = document.querySelector('button[data-auto-submit]');
  if (button instanceof HTMLButtonElement) button.click();
});
