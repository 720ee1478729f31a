"""The package installs like any other: a wheel built from the checkout, installed into a fresh
venv outside it, serves every page (templates and static files travel inside the package)."""
from __future__ import annotations

import ast
import email
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.live_client import connect
from tests.server.test_serve import post
from tests.servers import free_port

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)

CHECKOUT = Path(__file__).resolve().parents[2]
# What a build must not see or write into: the shared checkout stays untouched by the test.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", ".benchmarks",
    ".pytest_cache", "companion-data", ".venv", "venv", "node_modules",
)
PIP_QUIET = ["-q", "--disable-pip-version-check", "--no-input"]


def run(command: list[str], **kwargs) -> str:
    """Run a command, failing the test with its output if it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, **kwargs)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel `pip wheel .` builds from a copy of the checkout (the build writes build/ there)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(CHECKOUT, source, ignore=NOT_SOURCE)
    run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(work / "dist"), *PIP_QUIET])
    (built,) = (work / "dist").glob("kyoto_table_companion-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv outside the checkout with the wheel installed (its dependencies from the index),
    as README's *Run* makes one, then without gunicorn: as on Windows, where it is not installed,
    `companion serve` runs on gevent's own server alone."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    run([sys.executable, "-m", "venv", str(venv)])
    run([str(venv / "bin" / "python"), "-m", "pip", "install", str(wheel), *PIP_QUIET])
    run([str(venv / "bin" / "python"), "-m", "pip", "uninstall", "-y", "gunicorn", *PIP_QUIET])
    return venv


def outside_env() -> dict[str, str]:
    """The environment minus anything that could lead Python back to the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME") and not k.startswith("COMPANION_")}
    return {**env, "PYTHONUNBUFFERED": "1"}


@pytest.fixture
def served(venv, tmp_path):
    """`companion serve` from the venv, started in an empty folder, on a free loopback port."""
    port = free_port()
    proc = subprocess.Popen(
        [str(venv / "bin" / "companion"), "serve", "--host", "127.0.0.1", "--port", str(port), "--data", "data"],
        cwd=tmp_path, env=outside_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:  # until the worker answers (the master accepts before it has booted)
        try:
            urllib.request.urlopen(f"{base}/api/games", timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    else:
        proc.kill()
    if proc.poll() is not None:
        pytest.fail(f"companion serve from the wheel did not start:\n{proc.stdout.read()}")
    yield base
    proc.terminate()
    proc.wait(timeout=15)


def get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.status, resp.read()


def test_the_wheel_carries_every_module_template_and_static_file(wheel):
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    expected = {p.relative_to(CHECKOUT).as_posix() for p in (CHECKOUT / "companion").rglob("*.py")}
    for folder in ("templates", "static"):
        expected |= {
            "companion/" + p.relative_to(CHECKOUT).as_posix()
            for p in (CHECKOUT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }
    missing = sorted(expected - in_wheel)
    assert not missing, f"not in the wheel (a package missing from pyproject's list?): {missing}"


def test_the_wheel_says_who_made_it_and_that_anyone_may_reuse_it(wheel):
    with zipfile.ZipFile(wheel) as built:
        info = next(n.split("/")[0] for n in built.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(built.read(f"{info}/METADATA"))
        shipped = built.read(f"{info}/licenses/LICENSE").decode()
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    assert shipped == (CHECKOUT / "LICENSE").read_text() and shipped.startswith("MIT License")
    assert metadata["Author"] == "Kyoto Table Companion contributors"
    classifiers = set(metadata.get_all("Classifier"))
    assert {"Framework :: Flask", "Operating System :: OS Independent",
            "Topic :: Games/Entertainment :: Board Games", "Programming Language :: Python :: 3.11"} <= classifiers


def test_the_installed_app_is_the_wheel_not_the_checkout(venv, tmp_path):
    where = run([str(venv / "bin" / "python"), "-c", "import companion; print(companion.__file__)"],
                cwd=tmp_path, env=outside_env()).strip()
    assert Path(where).is_relative_to(venv) and not Path(where).is_relative_to(CHECKOUT)


def test_an_installed_wheel_serves_a_table_page_and_its_static_files(served):
    request = urllib.request.Request(
        f"{served}/api/tables",
        data=json.dumps({"game": "gangs", "players": ["Aiko", "Botan"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as resp:
        assert resp.status == 201
        table = json.loads(resp.read())

    status, page = get(f"{served}/t/{table['id']}/watch")
    html = page.decode()
    assert status == 200 and "Aiko" in html and "Botan" in html

    # Whatever the page links to under /static/ (names may carry fingerprints) is served.
    linked = sorted(set(re.findall(r"""(?:src|href)=["'](/static/[^"'?#]+)""", html)))
    assert any(url.endswith(".js") for url in linked) and any(url.endswith(".css") for url in linked), linked
    for url in linked:
        status, body = get(served + url)
        assert status == 200 and body, url

    # The other pages a phone opens first: home, join, the offline page, the PWA's files.
    for path in ("/", "/join", "/offline", "/sw.js", "/manifest.webmanifest"):
        status, body = get(served + path)
        assert status == 200 and body, path


def test_without_gunicorn_the_installed_app_serves_a_table_whose_watcher_sees_a_move_live(venv, served):
    missing = subprocess.run([str(venv / "bin" / "python"), "-c", "import gunicorn"], capture_output=True, env=outside_env())
    assert missing.returncode != 0, "gunicorn is still installed in the venv"
    status, table = post(f"{served}/api/tables", {"game": "gangs", "players": ["Aiko", "Botan"], "options": {"first_player": 0}})
    assert status == 201
    watcher = connect(f"{served.replace('http', 'ws', 1)}/t/{table['id']}/ws?mode=watch&since=0")
    try:
        status, reply = post(f"{served}/api/tables/{table['id']}/actions",
                             {"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}, table["token"])
        assert status == 200 and reply["version"] == 1
        assert "Aiko gives a 4 to Botan." in watcher.receive(timeout=5)
    finally:
        watcher.close()


def locked_versions() -> dict[str, str]:
    """requirements.lock's pins: {normalised name: version}."""
    pins = re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", (CHECKOUT / "requirements.lock").read_text(), re.M)
    return {canonicalize_name(name): version for name, version in pins}


def test_the_lock_pins_every_runtime_dependency_within_pyproject_ranges():
    # A deployment installs requirements.lock, then the project with --no-deps (README): a
    # dependency added to pyproject.toml but not locked would be missing there.
    declared = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["dependencies"]
    locked = locked_versions()
    for line in declared:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement.name} is not in requirements.lock: run pip-compile (README)"
        assert requirement.specifier.contains(locked[name], prereleases=True), (line, locked[name])


DOCS = [CHECKOUT / "README.md", *sorted((CHECKOUT / "docs").glob("*.md"))]


def test_every_link_in_the_readme_and_docs_opens_a_file_of_the_repository():
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text()):
            if re.match(r"[a-z]+:|#", target):
                continue  # a web address or an anchor on the same page
            path = (doc.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(CHECKOUT) and path.exists(), f"{doc.name}: {target}"


def test_the_readme_and_rulings_name_no_file_outside_the_repository():
    for doc in (CHECKOUT / "README.md", *sorted((CHECKOUT / "docs").glob("*.md"))):
        assert "../" not in doc.read_text(), doc.name


def test_the_readme_says_what_every_runtime_dependency_is_for():
    readme = (CHECKOUT / "README.md").read_text()
    section = readme.split("## Dependencies", 1)[1].split("\n## ", 1)[0]
    described = {canonicalize_name(name) for name in re.findall(r"^\| `([^`]+)` \|", section, re.M)}
    declared = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["dependencies"]
    missing = [line for line in declared if canonicalize_name(Requirement(line).name) not in described]
    assert not missing, f"README's Dependencies table does not say what these are for: {missing}"


def installs_with(requirements: list[str]) -> set[str]:
    """The distributions these requirements bring, their own dependencies included (as installed here)."""
    found: set[str] = set()
    todo = [Requirement(line) for line in requirements]
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in found or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        found.add(name)
        try:
            todo += [Requirement(line) for line in importlib.metadata.requires(name) or []]
        except importlib.metadata.PackageNotFoundError:
            pass
    return found


def test_every_package_the_app_and_its_tests_import_is_installed_by_pyproject():
    # CI runs on a machine where earlier sessions installed things by hand: an import that only
    # works there would break a fresh machine.
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]
    declared = installs_with(project["dependencies"] + project["optional-dependencies"]["test"])
    providers = importlib.metadata.packages_distributions()
    undeclared = set()
    for source in [*(CHECKOUT / "companion").rglob("*.py"), *(CHECKOUT / "tests").rglob("*.py")]:
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            for top in {module.split(".")[0] for module in modules}:
                if top in sys.stdlib_module_names or top in ("companion", "tests", "bench"):
                    continue
                if not {canonicalize_name(d) for d in providers.get(top, [])} & declared:
                    undeclared.add(f"{top} ({source.relative_to(CHECKOUT)})")
    assert not undeclared, f"imported but not installed by pyproject.toml: {sorted(undeclared)}"
