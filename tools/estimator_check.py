"""Usage (from the repo root): python3 tools/estimator_check.py module:Class ["{kwargs}"] -- scikit-learn check_estimator, allowed failures excluded."""
import sys, os, importlib, warnings, ast
sys.path.insert(0, os.getcwd())
from sklearn.utils.estimator_checks import check_estimator
mod, cls = sys.argv[1].split(":")
kwargs = ast.literal_eval(sys.argv[2]) if len(sys.argv) > 2 else {}
est = getattr(importlib.import_module(mod), cls)(**kwargs)
expected = {"check_sample_weight_equivalence_on_dense_data": "online",
            "check_sample_weight_equivalence_on_sparse_data": "online"}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    res = check_estimator(est, expected_failed_checks=expected, on_fail=None)
bad = [r for r in res if r["status"] == "failed"]
for r in bad:
    print("FAILED", r["check_name"], repr(r["exception"])[:400])
print(f"{len(res)} checks, {len(bad)} unexpected failures")
