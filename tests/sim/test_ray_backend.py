"""The Ray backend plays the same games as the local one (issue 6), on a local Ray instance."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'cardcafe[ray]')")

from cardcafe.sim import SimConfig, run_simulation  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_same_results_as_local(local_ray, tmp_path):
    config = SimConfig.build("monster-diner", 3, "ismcts:iterations=2,random,random", 3, 21)
    local = run_simulation(config, workers=1).results
    on_ray = run_simulation(config, backend="ray", out=tmp_path)
    assert on_ray.results == local
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 3
