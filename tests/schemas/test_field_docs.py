"""Field documentation read from attribute docstrings (schemas.field_docs) is what pydantic's
own `use_attribute_docstrings` reads: the same descriptions in the JSON Schemas and tooltips."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import Node
from schemas.panzer_campaigns.oob import Unit
from schemas.panzer_campaigns.scenario import ExitObjective


class _Pydantic(BaseModel):
    model_config = ConfigDict(use_attribute_docstrings=True)


class Plain(Node):
    name: str
    """The name a designer reads.

    Over two lines, indented as written."""

    count: int = 0
    undocumented: bool = False
    after_assignment: int = 1
    _note = "a plain assignment between: the string below documents nothing"
    """Not a field's documentation."""

    explicit: str = Field("", description="Given explicitly.")
    """An explicit description wins over the docstring."""


class PlainTwin(_Pydantic):
    name: str
    """The name a designer reads.

    Over two lines, indented as written."""

    count: int = 0
    undocumented: bool = False
    after_assignment: int = 1
    _note = "a plain assignment between: the string below documents nothing"
    """Not a field's documentation."""

    explicit: str = Field("", description="Given explicitly.")
    """An explicit description wins over the docstring."""


class Derived(Plain):
    count: int = 2
    """Redeclared here, with documentation of its own."""

    extra: float = 0.0
    """Only the derived class has it."""


class DerivedTwin(PlainTwin):
    count: int = 2
    """Redeclared here, with documentation of its own."""

    extra: float = 0.0
    """Only the derived class has it."""


def _descriptions(model: type[BaseModel]) -> dict[str, str | None]:
    return {name: info.description for name, info in model.model_fields.items()}


def test_descriptions_are_those_pydantic_reads() -> None:
    assert _descriptions(Plain) == _descriptions(PlainTwin)
    assert _descriptions(Derived) == _descriptions(DerivedTwin)
    assert Plain.model_fields["name"].description == (
        "The name a designer reads.\n\nOver two lines, indented as written."
    )
    assert Plain.model_fields["undocumented"].description is None
    assert Derived.model_fields["name"].description == Plain.model_fields["name"].description


def test_a_class_redefined_in_a_function_reads_its_own_body() -> None:
    class Plain(Node):  # the same name as the module's class above
        name: str
        """Documented inside the test."""

    assert Plain.model_fields["name"].description == "Documented inside the test."


def test_the_file_models_carry_their_docs_into_the_json_schema() -> None:
    assert Unit.model_fields["air"].description
    assert ExitObjective.model_fields["owner"].description == "The side whose units exit here."
    schema = Unit.model_json_schema()
    assert schema["properties"]["air"]["description"] == Unit.model_fields["air"].description


def test_a_module_s_docs_are_read_from_the_cache_until_its_file_changes(
    tmp_path, monkeypatch
) -> None:
    import importlib
    import sys

    from schemas import field_docs

    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(tmp_path))
    source = tmp_path / "docs_probe.py"
    source.write_text('class Probe:\n    size: int\n    """How big."""\n', encoding="utf-8")
    module = importlib.import_module("docs_probe")
    monkeypatch.setitem(sys.modules, "docs_probe", module)
    read = field_docs._module_classes.__wrapped__  # the uncached-in-memory function
    parsed = read("docs_probe")
    assert parsed == {"Probe": [(1, {"size": "How big."})]}
    assert len(list((tmp_path / "cache" / "docs").glob("*.docs"))) == 1

    def no_parse(_module: str) -> None:
        raise AssertionError("parsed again")

    with monkeypatch.context() as patched:
        patched.setattr(field_docs, "_parse_module", no_parse)
        assert read("docs_probe") == parsed  # from the cache folder

    source.write_text('class Probe:\n    size: int\n    """How large, now."""\n', encoding="utf-8")
    assert read("docs_probe") == {"Probe": [(1, {"size": "How large, now."})]}


def test_the_models_docs_are_the_same_read_from_the_cache(tmp_path, monkeypatch) -> None:
    from schemas import field_docs

    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path))
    read = field_docs._module_classes.__wrapped__
    first = read("schemas.panzer_campaigns.oob")
    assert first["Unit"], "the OOB's units document their fields"
    assert read("schemas.panzer_campaigns.oob") == first
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", "off")
    assert read("schemas.panzer_campaigns.oob") == first
