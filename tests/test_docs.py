"""The project's own documents stay true: README's Python example runs, CI and the Pages workflow run
README's test command (the workflow before it deploys), every link in README and docs/ leads to a
file of this repository, and nothing points at documents a clone does not have. No browser needed."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    """The body of the Markdown section ``## <title>``, up to the next heading of that level."""
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert found, f"README has no section '## {title}'"
    return found.group(1)


def code_blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def readme_test_command() -> str:
    """README's test command: the first command of the first shell block under '## Test'."""
    blocks = code_blocks(section(README, "Test"), "sh")
    assert blocks, "README's Test section has no shell block"
    return blocks[0].splitlines()[0].split("#")[0].strip()


def test_the_readme_python_example_runs():
    blocks = code_blocks(section(README, "The engine from Python"), "python")
    assert len(blocks) == 1, "README's engine section should hold one Python example"
    example = blocks[0]
    for name in ("new_game", "legal_moves", ".play(", ".view(", "links.encode", "ai.choose_move"):
        assert name in example, f"README's example no longer shows {name}"
    done = subprocess.run([sys.executable, "-c", example], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"README's Python example fails:\n{done.stderr}"
    assert "spades?v=" in done.stdout


def test_ci_runs_exactly_the_readme_test_command():
    assert readme_test_command() == "python3 build.py test"
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines()
                if line.strip() and not line.lstrip().startswith("#")
                and not line.startswith(("set ", "cd "))]
    assert commands == [readme_test_command()]


def test_the_pages_workflow_runs_the_readme_test_command_before_it_deploys():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    build_job = workflow[workflow.index("\n  build:"):workflow.index("\n  deploy:")]
    runs = re.findall(r"^\s*(?:- )?run: (.+)$", build_job, re.MULTILINE)
    assert readme_test_command() in runs, f"the build job does not run {readme_test_command()!r}: {runs}"
    tested = build_job.index(f"run: {readme_test_command()}")
    assert tested < build_job.index("run: python3 build.py build") < build_job.index("actions/upload-pages-artifact")
    deploy_job = workflow[workflow.index("\n  deploy:"):]
    assert re.search(r"^\s*needs: build$", deploy_job, re.MULTILINE), "deploy must wait for the tested build"


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "web" / "games" / "README.md"]


def test_every_link_in_the_documents_leads_to_a_file_of_the_repository():
    broken = []
    for doc in documents():
        text = doc.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (doc.parent / target.split("#")[0]).resolve()
            if not path.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target}")
    assert not broken, f"links to nothing: {broken}"


def test_every_game_has_its_rules_page_with_worked_examples():
    import pygames
    for game_id in pygames.GAME_IDS:
        page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
        assert f"Game id: `{game_id}`" in page
        for heading in ("## Moves", "## Worked examples"):
            assert heading in page, f"docs/rules/{game_id}.md has no '{heading}'"


# the documents the project was started from live outside the repository; what it says must not need them
OUTSIDE = ("shared" + "/rules", "DESIGN" + ".md", "shared" + "/seeds")


def test_nothing_points_at_documents_outside_the_repository():
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in listed:
        path = ROOT / name
        if path.suffix not in {".py", ".js", ".md", ".html", ".css", ".json", ".toml", ".yml", ".txt", ""}:
            continue
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{name}: {word}" for word in OUTSIDE if word in text]
        found += [f"{name}: {m}" for m in re.findall(r"(?<![\w/])rules/[\w<>]+\.md", text)]
    assert not found, f"references to documents outside the repository (use docs/): {found}"
