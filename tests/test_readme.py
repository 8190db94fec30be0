"""README.md opens for a teacher, then the developer, and its commands are the ones CI runs (issue 34:
a newcomer following README's set-up silently skipped the accessibility test, which `.ci/run` installs;
the opening was written for developers, with "seed 003" where the pages name authors).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of every second-level section, in order."""
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return list(zip(parts[1::2], parts[2::2]))


def teacher_part() -> str:
    """What README says before its first section for developers ("Sources", where the code's numbering of
    the sources is explained)."""
    return README[:README.index("\n## Sources")]


def setup_block() -> str:
    """The first fenced block of the Commands section: the set-up a newcomer types."""
    commands = dict(sections(README))["Commands"]
    return re.search(r"```bash\n(.*?)```", commands, flags=re.DOTALL).group(1)


def test_the_first_section_is_for_a_teacher_and_names_every_page_of_the_lab():
    import ast

    assert sections(README)[0][0] == "Teach with it"
    tree = ast.parse((ROOT / "app.py").read_text(encoding="utf-8"))
    titles = [keyword.value.value for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "attr", "") == "Page" for keyword in node.keywords if keyword.arg == "title"]
    assert len(titles) >= 10
    table = dict(sections(README))["Teach with it"]
    missing = [title for title in titles if f"| {title} |" not in table]
    assert not missing, f"pages app.py declares that README's teacher table does not describe: {missing}"


def test_the_teachers_part_names_sources_by_their_authors_not_by_number():
    assert not re.search(r"\bseed 00\d", teacher_part(), flags=re.IGNORECASE)


def test_readmes_setup_installs_everything_ci_installs():
    """Every `pip install -r`, Debian package and `npm ci --prefix` of `.ci/run` is in README's set-up."""
    block = setup_block()
    for requirement in re.findall(r"pip install[^\n]*?-r (\S+)", CI):
        assert f"-r {requirement}" in block, requirement
    for line in re.findall(r"apt-get install ([^\n>]*)", CI):
        packages = [word for word in shlex.split(line) if not word.startswith("-") and word.islower()]
        for package in packages:
            if package not in ("nodejs", "npm"):            # installed by CI only where the machine lacks them
                assert re.search(rf"apt-get install[^\n]*\b{package}\b", block), package
    prefixes = re.findall(r"npm ci --prefix (\S+)", CI)
    assert prefixes, "CI installs no npm package any more: this test should change with it"
    for prefix in prefixes:
        assert f"npm ci --prefix {prefix}" in block, prefix


def test_every_option_of_python_m_deploy_is_in_readme():
    from deploy.__main__ import command_line

    parser_options = [option for action in command_line()._actions for option in action.option_strings
                      if option.startswith("--") and option != "--help"]
    assert "--redis-port" in parser_options
    missing = sorted({option for option in parser_options if option not in README})
    assert not missing, f"options of python -m deploy README does not mention: {missing}"


def test_the_test_command_is_the_one_ci_runs():
    ci_command = [line for line in CI.splitlines() if line.strip() and not line.startswith("#")][-1]
    assert ci_command.strip() == "python3 -m pytest -q"
    assert "```bash\npython3 -m pytest -q\n```" in README
