// The trainer's page, before textual.js starts the terminal (on the window's load):
// a font size that fits 80 columns in a narrow window (a phone), never under 12 px;
// the "Start again" button.
(function () {
  "use strict";
  var SMALLEST = 12; // px
  var COLUMNS = 80; // the width the trainer is laid out for
  var ADVANCE = 0.6; // Roboto Mono's character width, in em

  document.addEventListener("DOMContentLoaded", function () {
    var terminal = document.getElementById("terminal");
    if (!terminal.dataset.fontChosen) {
      var fits = Math.floor(window.innerWidth / (COLUMNS * ADVANCE));
      var size = Math.max(SMALLEST, Math.min(Number(terminal.dataset.fontSize), fits));
      terminal.dataset.fontSize = String(size);
    }
    document.getElementById("restart").addEventListener("click", function () {
      window.location.reload();
    });
  });
})();
