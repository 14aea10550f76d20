"""Label sheets: one label per record, filled in and imposed like counters (cut lines,
packing, forms drawn once), in labels.pdf. Manifest kind `label`."""

from __future__ import annotations

from ...model.counters import CounterDef, CounterSet
from ...model.label import Labels
from ...rules.labels import fill, fill_face, label_records
from ...rules.profile import effective_seed
from ..env import PlanEnv
from ..plan import Document
from .counters import plan_counters

DEFAULT_SEED_NOTE = f"generated with seed {effective_seed(None)} (default)"


def plan_labels(model: Labels, env: PlanEnv) -> list[Document]:
    defs: list[CounterDef] = []
    extra: dict[str, dict] = {}
    for label in model:
        for k, record in enumerate(
            label_records(env.game, label, env.settings.seed, env.settings.use), start=1
        ):
            did = f"{label.id}-{k}"
            copy = label.copies[k - 1] if k <= len(label.copies) else None
            defs.append(
                CounterDef(
                    id=did,
                    name=copy.name if copy else fill(label.name, record, label.blank),
                    kind="label",
                    shape=label.shape,
                    width=label.width,
                    height=label.height,
                    quantity=copy.quantity if copy else label.quantity,
                    front=copy.face if copy else fill_face(label.face, record, label.blank),
                    back=None,
                    span=label.span,
                    entry=f"{label.path}[{k}]",
                    own_attrs=record,
                    bleed=label.bleed,
                )
            )
            extra[did] = {
                "label": label.id,
                "record": k,
                "fields": {key: (value or None) for key, value in record.items()},
                "blank": not record,
            }
            if label.roster is not None and record:
                extra[did]["roster"] = label.roster
                extra[did]["seed"] = effective_seed(env.settings.seed)
    # Labels are cut one by one (round ones mostly): always a gutter apart.
    docs = plan_counters(
        CounterSet(tuple(defs)), env, name="labels", component="Labels", butted=False
    )
    for doc in docs:
        for page in doc.pages:
            for item in page.items:
                if item.id in extra:
                    item.extra = {**item.extra, **extra[item.id]}
            if env.settings.seed is None and any("seed" in i.extra for i in page.items):
                page.proof = DEFAULT_SEED_NOTE  # with --seed the run's facts say it
    return docs
