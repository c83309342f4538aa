"""``irreg bench ...``: one module per benchmark over one harness (:mod:`irreg.bench.harness`)
and one presentation (:mod:`irreg.bench.report`); peers we build or drive are in
:mod:`irreg.bench.peers`."""
