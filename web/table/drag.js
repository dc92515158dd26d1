// Drag a legal card onto one of its targets. Pointer events, so it works with a mouse and on touch
// screens; a press without movement stays a click.

const THRESHOLD = 6;

export function enableDrag(container, { canDrag, targetsFor, onDrop }) {
  let drag = null;

  container.addEventListener("pointerdown", (event) => {
    const el = event.target.closest("[data-source][data-legal='true']");
    if (!el || event.button !== 0 || !canDrag(el.dataset.source)) return;
    drag = { el, source: el.dataset.source, x: event.clientX, y: event.clientY, ghost: null, targets: null };
  });

  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.ghost) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      drag.targets = targetsFor(drag.source);
      if (!drag.targets.size || [...drag.targets].every((t) => t == null)) { drag = null; return; }
      drag.ghost = drag.el.cloneNode(true);
      drag.ghost.classList.add("drag-ghost");
      const rect = drag.el.getBoundingClientRect();
      drag.ghost.style.width = `${rect.width}px`;
      drag.ghost.style.height = `${rect.height}px`;
      drag.offset = { x: drag.x - rect.left, y: drag.y - rect.top };
      document.body.appendChild(drag.ghost);
      drag.el.classList.add("dragging");
      for (const t of container.querySelectorAll("[data-target]")) {
        if (drag.targets.has(t.dataset.target)) t.classList.add("drop-ok");
      }
    }
    drag.ghost.style.left = `${event.clientX - drag.offset.x}px`;
    drag.ghost.style.top = `${event.clientY - drag.offset.y}px`;
  });

  window.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const { ghost, source, targets, el } = drag;
    drag = null;
    if (!ghost) return;
    ghost.remove();
    el.classList.remove("dragging");
    for (const t of container.querySelectorAll(".drop-ok")) t.classList.remove("drop-ok");
    // a click may follow the release; the page ignores clicks just after a drag
    container.dataset.dragEnd = String(Date.now());
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-target]");
    if (under && targets.has(under.dataset.target)) onDrop(source, under.dataset.target);
  });
}
