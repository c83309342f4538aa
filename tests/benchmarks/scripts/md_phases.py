"""in.lj 32,000 atoms, rebuild auto, 100 steps on the C++ driver: wall time and the phase split
(system.stats()["seconds"]) at 1 and 2 threads, twice each; the last number is the rebuild count."""
import time

from irreg import md_driver as md

for t in (1, 2, 1, 2):
    system, driver = md.make_driver(20, rebuild="auto", regroup="incremental", threads=t)
    t0 = time.perf_counter(); driver.run(100); s = time.perf_counter() - t0
    st = system.stats()
    print(t, round(s, 3), {k: round(v, 3) for k, v in st["seconds"].items()}, st["rebuilds"])
