"""A control that has just come in with a swap answers at once (issue 39 item 4, issue 37
item 5), in Debian's chromium.

htmx makes new content live (boosts its links and forms) when the swap *settles*, 20 ms
after it by default. A press in between hit a link or form htmx had not yet taken: the
browser followed it itself, a whole page load. On a busy machine the gap grew, and three
browser tests failed now and then: the focus on the page's body after the second Knock
Out, a suggestion list not asked again after an edit, an ``htmx:sendAbort`` from the
requests the page load cut. Each test here acts in that gap on purpose, from a timer set
as the swap lands (a 0 ms timer runs before a later one, whatever the machine's speed), and
asserts the page stayed the same document: the act went through htmx.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_build_browser import _build_from_check
from tests.web.test_table_browser import DESKTOP, Table, _set_up

SAME_DOCUMENT = "() => window.sameDocument === true"


def _act_as_the_next_swap_lands(page: Page, element_id: str, act: str) -> None:
    """Mark the document, and in the first task after the next swap ``act`` ("click" or
    "requestSubmit") on the element ``element_id`` as the swap left it: before the swap's
    settle when that is delayed, so the act meets the unsettled content."""
    page.evaluate(
        """([elementId, act]) => {
            window.sameDocument = true;
            const once = () => {
                document.removeEventListener("htmx:afterSwap", once);
                setTimeout(() => { window.acted = true; document.getElementById(elementId)[act](); }, 0);
            };
            document.addEventListener("htmx:afterSwap", once);
        }""",
        [element_id, act],
    )


def test_a_table_action_pressed_as_the_last_one_lands_goes_through_htmx(
    browser: Browser, base_url: str
) -> None:
    table = Table(browser, base_url, "en", True, **DESKTOP)
    _set_up(table)
    page = table.page
    _act_as_the_next_swap_lands(page, "act-e1+", "click")
    page.locator("#act-e1\\+").click()
    page.wait_for_function("() => window.acted === true || !window.sameDocument")
    expect(page.locator("#seat-1 .energy-count")).to_have_text("2")
    assert page.evaluate(SAME_DOCUMENT), "the second press loaded a whole page"
    assert not table.problems, table.problems
    table.context.close()


def test_the_edit_form_sent_as_an_edit_lands_goes_through_htmx(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    count = page.inner_text("#deck-count")
    _act_as_the_next_swap_lands(page, "edit-form", "requestSubmit")
    page.evaluate("document.getElementById('edit-form').requestSubmit()")
    page.wait_for_function("() => window.acted === true || !window.sameDocument")
    expect(page.locator("#deck-count")).to_have_text(count)
    page.wait_for_load_state()
    assert page.evaluate(SAME_DOCUMENT), "the second edit loaded a whole page"
    assert not problems, problems
    page.context.close()
