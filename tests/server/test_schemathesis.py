"""Issue 15: "the OpenAPI document matches what the server sends (schemathesis passes against
it in the suite for a bounded number of examples)". schemathesis generates requests for every
operation of the document, valid and not, sends them to a real `cardcafe serve`, and checks
each answer: never a server error, a status the document declares for that operation, the
content type and the body's schema it declares.

More examples than the suite's: `CARDCAFE_SCHEMATHESIS_EXAMPLES=500 pytest
tests/server/test_schemathesis.py`, or schemathesis's own command against a running server
(`schemathesis run http://127.0.0.1:8000/openapi.json`).
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from tests.web.harness import running_server

EXAMPLES = int(os.environ.get("CARDCAFE_SCHEMATHESIS_EXAMPLES", "25"))

# A request the document's schema allows may still be refused for what a JSON schema cannot
# say: a game or option that does not exist, a player count the game does not allow (400), a
# name of spaces or control characters (422), an unknown table (404). Those answers are
# documented per operation (status_code_conformance checks it); a server error never is.
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "404", "409", "422", "429"]
            }
        }
    }
)


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory):
    """The document as a running server publishes it (a fresh SQLite database; the deal's seed
    may be named, so requests that name one are valid)."""
    with running_server(tmp_path_factory.mktemp("schemathesis"), 0.0, "--allow-seed") as base:
        yield schemathesis.openapi.from_url(f"{base}/openapi.json", config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same requests at every run: a failure is reproducible
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_the_one_the_document_declares(case):
    case.call_and_validate()
