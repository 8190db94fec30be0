"""Perceptron, Importance-Weighted Perceptron and Kernel Perceptron on the drawn points."""

from learners.sources import credit
from ui.controls import page_header
from ui.learner_page import learner_page

page_header(
    "Perceptron, IWP and Kernel Perceptron",
    "Step through a run with → and ←, play it with Space: the boundary, the trial's math and the bound "
    "curves move together.",
    "On a mistake — y·(w·x) ≤ 0, a point on the boundary counts — the **Perceptron** adds "
    "η·y·x to w; the **Importance-Weighted Perceptron** adds c·y·x, so a costly point moves the "
    "boundary further; the **Kernel Perceptron** keeps the mistake points and predicts with "
    "a kernel. The curves compare the mistakes with Novikoff's bound R²‖u‖²/γ² (hindsight "
    "max-margin separator u), Freund–Schapire's and Gentile's (hinge losses of a comparator), "
    f"and Theorems 2–3 of {credit('000')} for the weighted loss."
)
learner_page("perceptron", max_classes=2)
