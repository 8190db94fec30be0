"""Small versions of every experiment, the loaders, and the command line."""

import json

import numpy as np
import pytest

from datasets.loaders import UNAVAILABLE, available, load
from experiments.__main__ import main
from experiments.registry import EXPERIMENTS, run_experiment


@pytest.mark.parametrize("name", available())
def test_every_offline_set_loads_with_labels_for_every_row(name):
    data = load(name)
    assert data.X.ndim == 2 and data.X.shape[0] == data.y.shape[0] > 0
    assert np.all(np.isfinite(data.X))
    assert set(np.unique(data.y)) == set(range(data.n_classes))


def test_letter_matches_the_uci_shape_and_unavailable_sets_say_why():
    letter = load("letter")
    assert letter.X.shape == (20000, 16) and letter.n_classes == 26
    for name in UNAVAILABLE:
        with pytest.raises(ValueError, match="not available"):
            load(name)


def test_iwp_table1_small_version_has_rows_and_the_published_values():
    result = run_experiment("iwp-table1", runs=2, quick=True)
    algorithms = {row["algorithm"] for row in result["rows"]}
    assert algorithms == {"MV-IWP", "MV-Perceptron"}
    for row in result["rows"]:
        assert 0 <= row["mistake_rate"] <= 1 and 0 <= row["cost_share"] <= 1
        assert row["published_mistake_rate"] in (0.6422, 0.5582)
    iwp, plain = result["rows"]
    # the paper's claims, on our data: computed, not assumed
    assert result["claims"]["IWP has the lower weighted cost"] == (iwp["cost_share"] < plain["cost_share"])


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_every_experiment_runs_small_and_is_reproducible(name):
    first = run_experiment(name, runs=1, seed=3, quick=True)
    second = run_experiment(name, runs=1, seed=3, quick=True)
    assert first["rows"]
    drop = lambda r: {k: v for k, v in r.items() if "seconds" not in k}
    assert [drop(r) for r in first["rows"]] == [drop(r) for r in second["rows"]]


@pytest.mark.parametrize("seed", [0, 5])
def test_rwm_epsilon_reports_the_doubling_tricks_own_bound_and_labels_the_reference(seed):
    from learners import bounds

    result = run_experiment("rwm-epsilon", seed=seed, quick=True)
    doubling = result["doubling"]
    assert len(doubling["phases"]) >= 2 and len(doubling["phase_bounds"]) == len(doubling["phases"])
    # the run's own bound: the sum of every phase's RWM bound, above the run (exact form between)
    assert doubling["expected_mistakes"] <= doubling["bound_exact"] * (1 + 1e-9)
    assert doubling["bound_exact"] <= doubling["bound"]
    assert doubling["bound"] == pytest.approx(sum(p["bound"] for p in doubling["phase_bounds"] if p["bound"] is not None))
    for row, (first, m_hat, eps) in zip(doubling["phase_bounds"], doubling["phases"]):
        if row["bound"] is not None:
            assert row["bound"] == pytest.approx(bounds.randomized_weighted_majority(row["best_expert_mistakes"],
                                                                                     result["n_experts"], eps))
    # the hindsight-tuned value is labelled a reference that does not bound this run
    reference = doubling["reference_tuned_in_hindsight"]
    assert reference["bounds_this_run"] is False and "not a bound of the doubling run" in reference["note"]
    assert reference["value"] == pytest.approx(bounds.rwm_tuned(doubling["best_expert_mistakes"], result["n_experts"]))
    assert reference["note"] in result["notes"]
    assert "tuned_bound_in_hindsight" not in doubling


def test_command_line_lists_and_writes_json(tmp_path, capsys):
    assert main(["list"]) == 0
    assert "iwp-table1" in capsys.readouterr().out
    out = tmp_path / "r.json"
    assert main(["rwm-epsilon", "--quick", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["experiment"] == "rwm-epsilon" and data["best_epsilon"] <= 0.5
    assert main(["no-such-thing"]) == 2


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_every_experiment_reports_monotone_progress_ending_at_one(name):
    calls = []
    run_experiment(name, runs=2, seed=1, quick=True, progress=lambda fraction, text: calls.append((fraction, text)))
    fractions = [fraction for fraction, _ in calls]
    assert len(calls) >= 3, "a start, at least one unit of work, and the end"
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert all(a <= b for a, b in zip(fractions, fractions[1:])), "progress never goes back"
    assert any(0.0 < f < 1.0 for f in fractions), "reports between units of work, not only at the ends"
    assert all(isinstance(text, str) and text for _, text in calls)


def test_progress_steps_clamp_and_reject_empty_work():
    from experiments.progress import Steps

    seen = []
    steps = Steps(lambda f, t: seen.append(f), total=2)
    for _ in range(4):
        steps.step("more than announced")
    assert seen == [0.0, 0.5, 1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="at least one unit"):
        Steps(None, total=0)


def test_an_exception_from_the_progress_callback_stops_the_run():
    """The Paper lab's Stop button interrupts a run by raising inside the progress callback."""
    class Stop(Exception):
        pass

    calls = []

    def stop_after_two(fraction, text):
        calls.append(fraction)
        if len(calls) == 2:
            raise Stop()

    with pytest.raises(Stop):
        run_experiment("priority-figures", quick=True, progress=stop_after_two)
    assert len(calls) == 2


def test_command_line_prints_no_progress_when_not_on_a_terminal(tmp_path, capsys):
    assert main(["rwm-epsilon", "--quick"]) == 0
    captured = capsys.readouterr()
    assert "%]" not in captured.err and "%]" not in captured.out


def test_command_line_progress_line_on_a_terminal():
    import io

    from experiments.progress import terminal_line

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    show = terminal_line(stream)
    show(0.5, "fold 5/10")
    show(1.0, "done")
    text = stream.getvalue()
    assert "[ 50%] fold 5/10" in text and text.endswith("\n") and text.count("\n") == 1
    assert terminal_line(io.StringIO()) is None


def test_a_larger_gram_cache_changes_no_number_of_the_kernel_apportioned_classifier():
    """Table 2's RBF rows cache the whole Gram matrix to run in minutes; the numbers must not move."""
    from learners import ApportionedMargin

    data = load("vehicle")
    X, y = data.X[:400] / data.X[:400].std(axis=0), data.y[:400]
    small = ApportionedMargin(theta=[2, 1, 1, 1], kernel="rbf", gamma=0.05, n_passes=3, random_state=0,
                              gram_cache_rows=50).fit(X, y)
    whole = ApportionedMargin(theta=[2, 1, 1, 1], kernel="rbf", gamma=0.05, n_passes=3, random_state=0,
                              gram_cache_rows=1000).fit(X, y)
    assert small._use_cache is False and whole._use_cache is True     # the two paths really differ
    assert np.array_equal(small.decision_function(X), whole.decision_function(X))
    assert np.array_equal(small.dual_coef_, whole.dual_coef_)
    with pytest.raises(ValueError, match="gram_cache_rows"):
        ApportionedMargin(kernel="rbf", gram_cache_rows=-1).fit(X, y)


def test_table2_gives_the_same_numbers_on_two_processes():
    from experiments.priority import table2

    calls = []
    alone = table2(seed=2, quick=True, kernels=("rbf",))
    shared = table2(seed=2, quick=True, kernels=("rbf",), n_jobs=2, progress=lambda f, t: calls.append(f))
    assert alone["rows"] == shared["rows"]
    assert calls[-1] == 1.0 and all(a <= b for a, b in zip(calls, calls[1:]))
    assert {row.get("kernel") for row in alone["rows"] if row["available"]} == {"rbf"}
    assert all("CSCS" not in row["expected_risk"] for row in alone["rows"] if row["available"])
    with pytest.raises(ValueError, match="n_jobs"):
        table2(quick=True, n_jobs=0)
