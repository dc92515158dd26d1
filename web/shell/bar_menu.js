// The top bar on a narrow screen: one row. The actions used most (Undo, Hint) stay in the row; the
// buttons index.html marks `in-menu` move into #bar-menu, a list that the Menu button (#btn-more)
// opens. It is a disclosure: the button's aria-expanded says whether the list is open, Escape and a
// click outside close it, and the list follows the button in the tab order. The buttons themselves
// move (their handlers, ids and disabled states go with them); on a wide screen they stand in the bar
// again in their first order, so the bar there is what it always was.

const NARROW = "(max-width: 760px)";

export function installBarMenu() {
  const nav = document.querySelector(".bar .actions");
  const more = document.getElementById("btn-more");
  const list = document.getElementById("bar-menu");
  if (!nav || !more || !list) return;
  const order = [...nav.children].filter((node) => node !== more && node !== list);   // the bar's own order
  const narrow = window.matchMedia(NARROW);

  const isOpen = () => more.getAttribute("aria-expanded") === "true";
  const close = ({ focus = false } = {}) => {
    if (!isOpen()) return;
    more.setAttribute("aria-expanded", "false");
    list.hidden = true;
    if (focus) more.focus();
  };
  const open = () => {
    more.setAttribute("aria-expanded", "true");
    list.hidden = false;
  };

  /** The buttons where the screen's width puts them: the marked ones in the list, or all in the bar. */
  const place = () => {
    close();
    if (narrow.matches) {
      list.append(...order.filter((node) => node.classList.contains("in-menu")));
    } else {
      for (const node of order) nav.insertBefore(node, more);
    }
  };

  more.addEventListener("click", () => (isOpen() ? close() : open()));
  list.addEventListener("click", (event) => {     // an action chosen from the list: it runs, the list closes
    if (event.target.closest("button")) close();
  });
  document.addEventListener("click", (event) => {
    if (isOpen() && !more.contains(event.target) && !list.contains(event.target)) close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      event.preventDefault();
      close({ focus: list.contains(document.activeElement) || document.activeElement === more });
    }
  });
  narrow.addEventListener("change", place);
  place();
}
