"""One-click stories: a page opened with data and parameters ready to play.

Each story names the page it opens, how to make its data (a generator of
``datasets.generators`` with its arguments, seeded), and the settings to preset,
by their keys in the page's table (:mod:`lab.settings`, the keys a link uses):
``story.presets`` are their widget values, read by the table's rules, so a
setting the page does not have is refused.  ``make_points(story)`` builds the
story's point set; the Home page presets the widgets and switches page.

Examples
--------
>>> story = STORIES["thin-margin"]
>>> story.page
'views/perceptron.py'
>>> story.presets
{'perceptron_learner': 'Perceptron', 'perceptron_order': 'adversarial', 'perceptron_passes': 5}
>>> points = make_points(story)
>>> len(points) > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Story:
    key: str
    title: str
    blurb: str
    page: str
    generator: str
    arguments: dict
    #: the page's settings the story sets, by their keys in the page's table: {"order": "adversarial", …}
    settings: dict = field(default_factory=dict)
    theta: tuple | None = None
    #: False: the page it opens runs on data of its own (Winnow's high-dimensional streams, the experts'
    #: advice), so opening it leaves the user's points alone; its points serve only lessons and examples
    uses_points: bool = True
    #: what the notice says after "Story loaded: <title>."
    hint: str = "Press Step or Play."
    #: what the headline promises the run shows, in the words of :data:`CLAIMS` (checked by
    #: tests/test_stories_claims.py against the run the page shows)
    claims: tuple = ()

    @property
    def page_key(self) -> str:
        """The page's key in the tables of settings: "perceptron" for views/perceptron.py."""
        return self.page.rsplit("/", 1)[-1].removesuffix(".py")

    @property
    def on_home(self) -> bool:
        """Whether Home lists the story (a learner's example, :data:`EXAMPLES`, is not listed)."""
        return STORIES.get(self.key) is self

    @property
    def origin(self):
        """Where a link says the story's points come from (:class:`lab.links.DataRef`): the story by its key
        when Home lists it, else its generator with its arguments and seed."""
        from .links import DataRef
        if self.on_home:
            return DataRef(story=self.key)
        arguments = dict(self.arguments)
        seed = int(arguments.pop("seed", 0))
        return DataRef(generator=self.generator, arguments=tuple(sorted(arguments.items())), seed=seed,
                       theta=self.theta)

    @property
    def presets(self) -> dict:
        """The story's settings as widget values (widget key → value; ValueError for a setting the page's
        table does not have, or a value it refuses)."""
        from .settings import widget_values
        return widget_values(self.page_key, self.settings)


STORIES = {story.key: story for story in (
    Story("thin-margin", "A thin margin means many mistakes",
          "Two classes separated by a hair. Novikoff's bound R²‖u‖²/γ² is large — "
          "and the adversarial order makes the perceptron pay for it.",
          "views/perceptron.py", "linearly_separable", {"n": 60, "margin_gamma": 0.05, "seed": 3},
          {"learner": "Perceptron", "order": "adversarial", "passes": 5},
          claims=("mistakes", "converges", "bound:novikoff", "more-mistakes-than:wide-margin")),
    Story("wide-margin", "A wide margin means few mistakes",
          "The same experiment with a generous margin: a handful of mistakes, however long you play.",
          "views/perceptron.py", "linearly_separable", {"n": 60, "margin_gamma": 0.8, "seed": 3},
          {"learner": "Perceptron", "order": "adversarial", "passes": 5},
          claims=("mistakes", "converges", "bound:novikoff")),
    Story("noise", "Noise: the Freund–Schapire bound",
          "Flip 10% of the labels. No separator exists, Novikoff says nothing — "
          "but the Freund–Schapire bound still holds, paying for the hinge losses.",
          "views/perceptron.py", "noisy_separable", {"n": 120, "margin_gamma": 0.4, "noise": 0.1, "seed": 5},
          {"learner": "Perceptron", "order": "shuffled", "passes": 3},
          claims=("mistakes", "not-separable", "bound:freund_schapire")),
    Story("weighted", "Costly points: the Importance-Weighted Perceptron",
          "A few heavy points. IWP steps by c·y·x and its weighted loss obeys Theorem 3 of Supeesun & Fakcharoenphol.",
          "views/perceptron.py", "weighted_clouds", {"n_per_class": 40, "seed": 2},
          {"learner": "Importance-Weighted Perceptron", "order": "shuffled"},
          claims=("mistakes", "bound:iwp_theorem3")),
    Story("xor", "XOR needs a kernel",
          "No line separates XOR; the kernel perceptron with an RBF kernel does: after a few passes it makes "
          "no more mistakes.",
          "views/perceptron.py", "xor", {"n": 120, "noise": 0.0, "seed": 1},
          {"learner": "Kernel Perceptron", "passes": 7},
          claims=("mistakes", "not-separable", "converges", "bound:kernel_perceptron")),
    Story("sparse-winnow", "Sparse target: Winnow wins",
          "In high dimension with a target on few features, Winnow's mistakes grow with log n, "
          "the perceptron's with n (Agarwal's notes §4).",
          "views/winnow.py", "linearly_separable", {"n": 80, "margin_gamma": 0.3, "seed": 7},
          {"section": "High-dimensional experiment"}, uses_points=False,
          hint="The experiment runs as the page opens: compare the two learners' mistakes as n grows.",
          claims=("winnow-wins",)),
    Story("perfect-expert", "One perfect expert",
          "Fifteen experts guess at random and one never errs: Weighted Majority makes a few mistakes, then "
          "follows it, within 2.41(m + log₂N).",
          "views/experts.py", "linearly_separable", {"n": 40, "margin_gamma": 0.3, "seed": 0},
          {"advice": "perfect expert", "rates": (0.5, 0.5)}, uses_points=False,
          claims=("mistakes", "settles", "bound:weighted_majority")),
    # its points are generated in a seeded random order (datasets.generators.make), so one pass in that order
    # shows every class from the start; the page's defaults are for points drawn by hand, cloud after cloud
    Story("priority", "Priority {10, 10, 1, 1}",
          "Four overlapping clouds; make classes 0 and 1 ten times as important and watch "
          "the regions grow towards the cheap classes (Gottlieb, Kaufman & Kontorovich, Figures 3–5).",
          "views/priority.py", "four_clouds", {"n_per_class": 60, "seed": 0},
          {"order": "drawn", "passes": 1}, theta=(10.0, 10.0, 1.0, 1.0), claims=("mistakes", "priorities-grow")),
    Story("four-classes", "Four classes, two perceptrons, one boundary",
          "The all-pair perceptron predicts exactly like the multi-vector one, trial after trial (Supeesun & Fakcharoenphol, Lemma 3).",
          "views/multiclass.py", "gaussian_clouds", {"n_per_class": 30, "n_classes": 4, "seed": 4},
          {}, claims=("mistakes", "all-pair-agrees")),
)}

#: What a story may promise its run shows (:attr:`Story.claims`); "<claim>:<argument>" where it takes one.
CLAIMS = {
    "mistakes": "the run makes mistakes to step through (at least two)",
    "converges": "a whole pass of the run makes no mistake: the learner ends separating every point",
    "settles": "the learner's mistakes all fall in the first quarter of the trials",
    "not-separable": "no line separates the points: Novikoff's bound, which needs one, stops applying",
    "bound": "the bound curve with this key (learners.comparators.BoundCurve.key) applies on every trial, bounds "
             "this very run and stays at or above what it counts",
    "more-mistakes-than": "the run makes more mistakes than that of the story named",
    "all-pair-agrees": "the all-pair perceptron predicts exactly like the multi-vector one on every trial",
    "priorities-grow": "the classes of the highest priority θ are predicted for more of the points than with equal "
                       "priorities",
    "winnow-wins": "on a sparse target, Winnow's mistakes grow more slowly with the dimension n than the "
                   "Perceptron's, and stay below them",
}

#: A learner's own example: what its page opens with, when that learner is chosen and the page's first story
#: holds points it refuses (the learner's catalog entry names its example).  Not listed on Home.
EXAMPLES = {story.key: story for story in (
    Story("bounded-weights", "Two sectors of the positive quadrant",
          "Points with non-negative coordinates, classed by their direction: the weight-bounded perceptron "
          "keeps every weight in [0, 1] and converges within its bound (Madani & Huang, appendix).",
          "views/perceptron.py", "sectors", {"n": 60, "margin_gamma": 0.3, "n_classes": 2, "seed": 2},
          {"learner": "Weight-bounded perceptron", "beta": 0.05, "order": "adversarial", "passes": 3},
          claims=("mistakes", "converges", "bound:weight_bounded")),
    Story("ooz-sectors", "Three sectors of the positive quadrant",
          "Points with non-negative coordinates, classed by their direction: OOZ moves weight between each "
          "feature's edges to the classes until every point is predicted right (Madani & Huang, Fig. 1).",
          "views/multiclass.py", "sectors", {"n": 90, "margin_gamma": 0.5, "n_classes": 3, "seed": 2},
          {"learner": "OOZ", "margin": 0.05, "order": "shuffled", "passes": 6},
          claims=("mistakes", "converges")),
)}


def first_story_for(page: str) -> Story | None:
    """The first story that opens the page with key ``page`` ("perceptron" for views/perceptron.py),
    or None.

    >>> first_story_for("perceptron").key
    'thin-margin'
    """
    return next((story for story in STORIES.values() if story.page_key == page), None)


def example_for(page: str, learner: str | None = None) -> Story | None:
    """The example page ``page`` opens with when it has no points and ``learner`` is chosen: the learner's
    own (:data:`EXAMPLES`, named by its catalog entry) when it has one, else the page's first story.

    >>> example_for("multiclass").key, example_for("multiclass", "OOZ").key
    ('four-classes', 'ooz-sectors')
    """
    from . import catalog

    spec = catalog.LEARNERS.get(learner) if isinstance(learner, str) else None
    if spec is not None and spec.example is not None and learner in catalog.PAGES.get(page, ()):
        return EXAMPLES[spec.example]
    return first_story_for(page)


def make_points(story: Story):
    """The story's point set, made by its seeded generator."""
    from datasets import generators

    points = generators.make(story.generator, **story.arguments)
    if story.theta is not None:
        points = points.set_theta(story.theta)
    return points
