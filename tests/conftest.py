import pytest


def pytest_addoption(parser):
    parser.addoption("--update-expected", action="store_true", default=False,
                     help="rewrite expected/*.json golden files from the current output")


@pytest.fixture
def update_expected(request) -> bool:
    return request.config.getoption("--update-expected")
