"""`mechlab import` and `mechlab export`: MegaMek .mtf files in and out."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mechlab.cli.common import bad_input_exits_2, clip, force_option, require_suffix
from mechlab.core.errors import DesignError
from mechlab.core.text import shown
from mechlab.files.design_data import read_design_bytes
from mechlab.files.inputs import Input, read_inputs
from mechlab.files.mtf import MtfError, design_dict_from_mtf_bytes
from mechlab.files.mtf.parse import decode, parse_mtf
from mechlab.files.mul_roles import MulRole, read_role_table
from mechlab.files.output import (
    Guard,
    refuse_shared_names,
    write_all,
)
from mechlab.files.yaml_out import dump_design, slug
from mechlab.model.mech import weight_class
from mechlab.rulesets import get_ruleset
from mechlab.writers import writers

if TYPE_CHECKING:
    from mechlab.assess import Assessment

CREDIT = (
    "Technical data imported by `mechlab import` from MegaMek's unit file {name}.\n"
    "Unit data (c) The MegaMek Team (megamek.org), CC BY-NC-SA 4.0."
)
ROLE_CREDIT = "\n`role:` is the Master Unit List's Alpha Strike role for it{record},\nfrom {table}."


@click.command("import")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path),
              help="The .yaml to write (one input), or a folder (several inputs).")
@click.option("--by-class", is_flag=True,
              help="Name files by weight class first: heavy-catapult-cplt-c1.yaml.")
@click.option("--roles", "roles_path", type=click.Path(dir_okay=False, path_type=Path),
              metavar="TABLE",
              help="Add each design's Alpha Strike `role:` from this Master Unit List table "
                   "(.tsv: role, path and/or mul_id columns).")
@force_option
@bad_input_exits_2
def import_command(files: tuple[Path, ...], output: Path | None, by_class: bool,
                   roles_path: Path | None, force: bool) -> None:
    """Read MegaMek .mtf files into mechlab design files (technical data only)."""
    roles = read_role_table(roles_path) if roles_path is not None else None
    outputs: dict[Path, bytes] = {}
    with_role = 0
    claims: list[tuple[Path, str]] = []
    errors: list[DesignError] = []
    read: list[Path] = []
    folder_mode = len(files) > 1 or (output is not None and output.suffix.lower() != ".yaml")
    if folder_mode and output is not None:
        _refuse_file_as_folder(output, files)
    for named in files:
        try:
            path, beside = _mtf_file(named)
            read.append(path)
            raw = read_design_bytes(path)
            design = design_dict_from_mtf_bytes(raw, str(path))
        except DesignError as exc:
            errors.append(exc)
            continue
        credit = CREDIT.format(name=path.name)
        if roles is not None:
            design, credit = _with_role(design, credit, roles.role_of(
                path, parse_mtf(decode(raw), str(path)).mul_id), roles.name)
            with_role += "role" in design
        text = dump_design(design, credit).encode()
        name = slug(f"{design['chassis']} {design['model']}") + ".yaml"
        if by_class:
            name = f"{weight_class(int(design['tonnage']))}-{name}"
        target = ((output or beside) / name if folder_mode
                  else output or beside / f"{path.stem}.yaml")
        outputs[target] = text
        claims.append((target, str(path)))
    if errors:
        raise DesignError.combine(errors)
    refuse_shared_names(claims)
    # The roles table is an input too: never written over, even with --force.
    guard = Guard((*read, *([roles_path] if roles_path else [])), force)
    guard.check(outputs)
    write_all(outputs, guard)
    roled = f" ({with_role} with a role from {roles.name})" if roles is not None else ""
    click.echo(f"wrote {len(outputs)} design file{'s' if len(outputs) != 1 else ''}{roled}",
               err=True)


def _mtf_file(named: Path) -> tuple[Path, Path]:
    """The .mtf file to read and the folder to write beside: a file as named, or a unit of
    the MegaMek folders by name (as every command takes it; written into the current
    folder, never beside MegaMek's file)."""
    if named.exists() or named.is_symlink():
        return named, named.parent
    from mechlab.files import megamek_dir
    from mechlab.files.library import find_unit

    found = megamek_dir.find_megamek_unit(str(named))
    if found is not None:
        return found.path, Path()
    label = shown(str(named))
    if find_unit(str(named)) is not None:
        raise DesignError(label, ["is a library unit, a mechlab design already: nothing to "
                                  "import (mechlab export writes it as a .mtf)"])
    if megamek_dir.configured_dirs():
        raise DesignError(label, ["no such .mtf file or unit of the MegaMek folders (check "
                                  "the path; see: mechlab list --megamek)"])
    raise DesignError(label, ["no such .mtf file (check the path; a unit of MegaMek's "
                              "folders by name: mechlab --megamek-dir DIR import NAME)"])


def _with_role(design: dict[str, Any], credit: str, found: MulRole | None, table: str
               ) -> tuple[dict[str, Any], str]:
    """The design with the MUL's role for its file after its model, and the header saying
    where it came from; unchanged where the table has none (a role is never guessed)."""
    if found is None:
        return design, credit
    ordered: dict[str, Any] = {}
    for key, value in design.items():
        ordered[key] = value
        if key == "model":
            ordered["role"] = found.role
    ordered.setdefault("role", found.role)
    record = f" (MUL id {found.mul_id})" if found.mul_id else ""
    return ordered, credit + ROLE_CREDIT.format(record=record, table=table)


def _refuse_file_as_folder(output: Path, files: tuple[Path, ...]) -> None:
    """`-o` names a folder here (several inputs, or not a .yaml): an existing file there is
    a mistake to name, not a folder to create (`import ok.mtf -o ok.mtf`)."""
    if output.is_dir() or not (output.exists() or output.is_symlink()):
        return
    example = f"-o {output.with_suffix('.yaml').name}"
    if any(p.exists() and output.samefile(p) for p in files):
        raise DesignError(str(output), [
            "is an input of this command and would be overwritten; -o names the .yaml to "
            f"write (or a folder for several inputs), e.g. {example}"])
    raise DesignError(str(output), [
        "is a file, not a folder; -o names the .yaml to write for one input, or a folder "
        f"for several, e.g. {example}"])


@click.command("export")
@click.argument("file")
@click.option("--to", "target", type=click.Choice([w.name for w in writers("design")]),
              default="mtf", show_default=True, help="The format to write.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write (default: beside the input file, X.mtf or X.mmux; "
                   "a unit given by name: the current folder).")
@force_option
@bad_input_exits_2
def export_command(file: str, target: str, output: Path | None, force: bool) -> None:
    """Write a design as a MegaMek .mtf file that MegaMek and MegaMekLab read, or (--to
    mmux) as the unit package MakaMek loads."""
    (item,) = read_inputs([file])
    refusal = get_ruleset(item.design.ruleset).mtf_export_refusal
    if refusal is not None:
        raise DesignError(file, [f"ruleset {item.design.ruleset}: no .{target} export: {refusal}"])
    writer = next(w for w in writers("design") if w.name == target)
    suffix = writer.suffix
    require_suffix(output, suffix)
    path = output or (item.path.with_suffix(suffix) if item.path else Path(f"{item.stem}{suffix}"))
    guard = Guard((item.origin,) if item.origin else (), force)
    guard.check([path])
    assert writer.design is not None
    written = writer.design(item.design)
    if isinstance(written, str):  # a .mtf: it must read back with the design's verdict
        _refuse_changed_verdict(item, written)
        written = written.encode("utf-8")
    write_all({path: written}, guard)
    click.echo(clip(f"wrote {path}"), err=True)


def _refuse_changed_verdict(item: Input, text: str) -> None:
    """The .mtf must read back with the design's verdict. A .mtf cannot say everything a
    design file can (armor tons bought, a file's own contradictions): refuse, rather than
    write a file that MegaMek and mechlab would judge differently."""
    from mechlab.assess import assess_design
    from mechlab.files.design_data import design_from_dict
    from mechlab.files.mtf import import_mtf_bytes

    before = item.assess()
    back = import_mtf_bytes(text.encode("utf-8"), item.label)
    after = assess_design(design_from_dict(back.design, item.label), source=back.facts)
    if before.legal == after.legal:
        return

    def verdict(assessed: Assessment) -> str:
        # The illegal side's codes: the message names the rule the .mtf changes.
        codes = sorted(set(assessed.error_codes))
        return f"illegal ({', '.join(codes)})" if codes else "legal"

    why = ("a .mtf cannot state armor tons: MegaMek buys the least that holds the points"
           if item.design.armor.tons is not None else "a .mtf cannot carry everything it says")
    raise DesignError(item.label, [
        f"the design is {verdict(before)} but its .mtf would read back {verdict(after)}: "
        f"{why}; fix the design first"])


__all__ = ["MtfError", "export_command", "import_command"]
