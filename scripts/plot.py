#!/usr/bin/python3
"""The benchmark's tables as figures: make plot [LOG=file] [DOCS=1].

Reads the machine-readable lines of a benchmark run (docs/benchmarks.md,
"Machine-readable output"): `make bench` saves its run as build/bench.log, and any
other log works too, a serial capture from a PC included. Writes one SVG per table
that the log has (variants, mitigations, processes, clock) into build/plots/, or
with --docs into docs/figures/, where docs/benchmarks.md shows them (the
variants' page-fault columns as a figure of their own). Every bar is labelled with
its value in whole ticks, halves up, as the tables round them, and its difference
from the reference row (the boot's variant; the mitigation table's `off`), drawn as
a dashed line. The exact value is kept in the bar's SVG id (`bar:ROW:OP:VALUE`) and
the label in a group of its own (`label:ROW:OP`), so make test can hold a committed
figure against the table it draws. The design rows (the entry variants) come first,
the configuration rows (one setting changed: `,context_tracking=off`, ...) under a
line. A row the log says was not measured is drawn as its name and the reason. Rows
named `linux-*` (`make compare`'s Linux boots, in the same line format) are drawn
as labelled reference lines across the variant panels, not as bars (id
`ref:ROW:OP:VALUE`). Run with Debian's python3, whose python3-matplotlib
scripts/setup.sh installs.
"""
import argparse
import collections
import math
import os
import re
import sys

import matplotlib
matplotlib.use('svg')
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r'^bench (variant|mitigations|proc|clock)=(\S+)(?: op=(\S+))? .*?'
                  r'ticks_per_(?:call|op)=(-?[\d.]+)')
# Rows the log names without figures: the kernel's tables ("not measured: why",
# bench/bench.c) and the mitigation table's ("not on this CPU: why",
# scripts/bench_mitigations.py). The results block repeats the first: not read.
NOT_MEASURED = re.compile(r'^bench: (\S+) +(not measured: .*|not on this CPU: .*)$')
# A line a row's name starts, in a table or a machine line: where the row is first named.
HUMAN_ROW = re.compile(r'^bench(?::| \w+=)\s*(\S+)\s')
BOOT_ENTRY = re.compile(r'^bench: entry (\S+), context tracking')
# The syscall ops and the #PF ops (include/uapi/bench.h), drawn apart: a fault is no syscall.
SYSCALL_OPS = ('kill', 'invalid', 'getpid', 'kill-handled')
FAULT_OPS = ('fault-read', 'fault-write')
# make compare's rows: Linux measured the same way, drawn as reference lines.
REFERENCE_PREFIX = 'linux-'
# One colour per design generation, oldest first (docs/entry.md, "The entry variants: a
# timeline"); the first prefix a row starts with gives its colour, and its legend entry.
GENERATIONS = (('asm-fastpath', '#7f7f7f', 'asm fast path (Linux to 4.15)'),
               ('irqsave-outline', '#8c564b', 'pushf/cli/popf hooks, out of line (before 2016)'),
               ('irqsave', '#d62728', 'pushf/cli/popf hooks, inlined'),
               ('irqoff-outline', '#ff7f0e', 'IRQs-off hooks, out of line'),
               ('irqoff-inline-split', '#bcbd22', 'IRQs-off, inlined, split state (before 6.0)'),
               ('irqoff-inline', '#2ca02c', 'IRQs-off, inlined, merged state (the default)'),
               ('fred', '#17becf', 'FRED event delivery (Linux 6.9)'),
               ('', '#1f77b4', 'other'))
PLAIN, BASE_COLOUR, REF_COLOUR = '#1f77b4', '#000000', '#9467bd'


def read(log):
    """({table: {row: {op: value}}}, {table: {row: why}}, the boot's variant or None)
    from a log's lines; the first of each (row, op) wins, as a second boot repeats
    them. A row not measured is in its table without ops. Rows keep the order of their
    tables: where each name first starts a line (its table's, or its machine line)."""
    tables = collections.defaultdict(lambda: collections.defaultdict(dict))
    unmeasured = collections.defaultdict(dict)
    boot = None
    first = {}
    for n, line in enumerate(open(log, errors='replace')):
        line = line.strip()
        if m := HUMAN_ROW.match(line):
            first.setdefault(m[1], n)
        if (m := LINE.match(line)) and (m[3] or 'time') not in tables[m[1]][m[2]]:
            tables[m[1]][m[2]][m[3] or 'time'] = float(m[4])
        elif m := NOT_MEASURED.match(line):
            table = 'mitigations' if m[2].startswith('not on this CPU') else 'variant'
            unmeasured[table].setdefault(m[1], m[2])
            tables[table].setdefault(m[1], {})
        elif (m := BOOT_ENTRY.match(line)) and boot is None:
            boot = m[1]
    for table in tables.values():
        ordered = sorted(table.items(), key=lambda item: first[item[0]])
        table.clear()
        table.update(ordered)
    return tables, unmeasured, boot


def default_variant():
    """ENTRY_VARIANT_DEFAULT of include/entry-variants.h, spelled as the tables spell it."""
    text = open(os.path.join(ROOT, 'include', 'entry-variants.h')).read()
    return re.search(r'#define ENTRY_VARIANT_DEFAULT\s+(\w+)', text)[1].replace('_', '-')


def whole(value):
    """value rounded to a whole tick, halves up, as the tables round it."""
    return math.floor(value + 0.5)


def label(value, base=None):
    """'1,140', or with a reference value '184 (+10)'."""
    text = f'{whole(value):,}'
    if base is not None:
        text += f' ({whole(value) - whole(base):+,})'
    return text


def generation(row):
    return next(g for g in GENERATIONS if row.startswith(g[0]))


def is_configuration(row):
    """A row of the boot's variant (or the asm fast path) with one setting changed."""
    return ',' in row


def zoom(values):
    """Where a panel's axis starts: 0, or below the smallest value when the values lie
    so close together (a spread under a quarter of the smallest) that from 0 their
    differences would not show."""
    lo, hi = min(values), max(values)
    if lo <= 0 or hi - lo >= lo / 4:
        return 0
    step = 10 ** math.floor(math.log10(max(hi - lo, 1)))
    return max(0, (math.floor(lo / step) - 1) * step)


def bars(ax, rows, order, op, unit, base_row, log, generations):
    """One horizontal bar per row of order (y positions as order gives them) with its
    value and its difference from base_row, each bar's id naming row, op and value."""
    names = [(y, r) for y, r in order if r is not None and op in rows[r]]
    values = [rows[r][op] for _, r in names]
    base = rows.get(base_row, {}).get(op)
    left = 0 if log or not values else zoom(values)
    drawn = ax.barh([y for y, _ in names], [v - left for v in values], left=left,
                    color=[generation(r)[1] if generations else PLAIN for _, r in names],
                    edgecolor='white', linewidth=0.5)
    for bar, (_, name), value in zip(drawn, names, values):
        bar.set_gid(f'bar:{name}:{op}:{value:g}')
        if is_configuration(name):
            bar.set_hatch('///')
        delta = base if base is not None and name != base_row else None
        ax.text(value, bar.get_y() + bar.get_height() / 2, ' ' + label(value, delta),
                va='center', fontsize=7, gid=f'label:{name}:{op}')
    if base is not None:
        ax.axvline(base, color=BASE_COLOUR, linestyle='--', linewidth=0.8)
    if log:
        ax.set_xscale('log')
        ax.set_xlabel(f'{unit}, log scale', fontsize=8)
    elif left:
        ax.set_xlabel(f'{unit}; axis from {left:,}', fontsize=8)
    else:
        ax.set_xlabel(unit, fontsize=8)
    ax.tick_params(labelsize=8)
    ax.margins(x=0.35)
    if left:
        ax.set_xlim(left=left)


def layout(rows):
    """[(y, row or None)]: the design rows, a gap (None), then the configuration rows,
    each group in the log's order."""
    designs = [r for r in rows if not is_configuration(r)]
    configs = [r for r in rows if is_configuration(r)]
    order = list(enumerate(designs))
    if designs and configs:
        order.append((len(order), None))
    return order + [(len(order) + y, r) for y, r in enumerate(configs)]


def handles(rows, base_row, generations, references):
    """The legend's entries: the colours (generations, or none), the hatching of a
    configuration row, the line of the row the differences are taken from, and the
    reference rows' lines."""
    out = [Patch(color=c, label=text) for prefix, c, text in GENERATIONS
           if generations and any(generation(r)[0] == prefix for r in rows if rows[r])]
    if any(is_configuration(r) for r in rows):
        out.append(Patch(facecolor='#777777', edgecolor='white', hatch='///',
                         label='a configuration: the variant with one setting changed'))
    if base_row in rows:
        out.append(plt.Line2D([], [], color=BASE_COLOUR, linestyle='--',
                              label=f'{base_row}: (+n) is the difference from it'))
    if references:
        out.append(plt.Line2D([], [], color=REF_COLOUR, linestyle='-.',
                              label='Linux, measured the same way (make compare)'))
    return out


def legend(fig, entries, height):
    """The legend, under the title (height: the figure's, in inches)."""
    if entries:
        fig.legend(handles=entries, loc='upper center', bbox_to_anchor=(0.5, 1 - 0.3 / height),
                   ncol=min(3, len(entries)), fontsize=7, frameon=False, borderaxespad=0)


def figure(rows, ops, title, unit, base_row=None, unmeasured=None, floor=None,
           references=None, log=False, note=None, generations=False, op_titles=None):
    """A figure of one panel per op: rows as bars (coloured by design generation if
    generations), the rows without figures named with their reason, the floor (on
    invalid) and the reference rows as labelled lines; note under the panels."""
    unmeasured = {r: w for r, w in (unmeasured or {}).items() if r in rows and
                  not any(op in rows[r] for op in ops)}
    order = layout(rows)
    fig, axes = plt.subplots(1, len(ops), squeeze=False, sharey=True)
    for ax, op in zip(axes[0], ops):
        bars(ax, rows, order, op, unit, base_row, log, generations)
        ax.set_title((op_titles or {}).get(op, op), fontsize=10)
    first = axes[0][0]
    first.set_yticks([y for y, _ in order])
    first.set_yticklabels([r or '' for _, r in order], fontsize=8)
    first.set_ylim(len(order) - 0.5, -0.5)	# shared: the table's order, top to bottom
    gap = next((y for y, r in order if r is None), None)
    if gap is not None:
        first.text(-0.02, gap, 'configurations:', transform=first.get_yaxis_transform(),
                   ha='right', va='center', fontsize=7, style='italic')
    for ax, op in zip(axes[0], ops):
        if gap is not None:
            ax.axhline(gap, color='#999999', linewidth=0.6)
        if floor is not None and op == 'invalid':
            ax.axvline(floor, color='black', linestyle=':', linewidth=1)
            ax.text(floor, -0.6, f' floor {label(floor)}', fontsize=7, va='bottom')
        for n, (name, values) in enumerate(sorted((references or {}).items())):
            if op in values:
                line = ax.axvline(values[op], color=REF_COLOUR, linestyle='-.', linewidth=1)
                ax.set_xlim(right=max(ax.get_xlim()[1], values[op] * 1.3))
                line.set_gid(f'ref:{name}:{op}:{values[op]:g}')
                ax.text(values[op], len(order) - 0.6 - n * 0.8,
                        f' {name.replace(REFERENCE_PREFIX, "Linux ")}: {label(values[op])}',
                        fontsize=7, color=REF_COLOUR, va='bottom')
    for y, r in order:
        if r in unmeasured:
            first.text(0.01, y, unmeasured[r], transform=first.get_yaxis_transform(),
                       va='center', fontsize=7, color='#555555', style='italic',
                       bbox={'facecolor': 'white', 'edgecolor': 'none', 'pad': 1})
    fig.suptitle(title, fontsize=11)
    if note:
        fig.text(0.5, 0.01, note, ha='center', va='bottom', fontsize=7)
    entries = handles(rows, base_row, generations, references)
    top = 0.3 + 0.12 * math.ceil(len(entries) / 3)	# inches above the panels
    height = 0.36 * len(order) + 1.0 + top + (0.3 if note else 0)
    fig.set_size_inches(3.4 * len(ops) + 2.6, height)
    legend(fig, entries, height)
    fig.tight_layout(rect=(0, (0.3 if note else 0) / height, 1, 1 - top / height))
    return fig


def plots(tables, unmeasured, boot, unit):
    """[(file name, figure)] for the tables the log has."""
    out = []
    variant = tables.get('variant', {})
    references = {r: v for r, v in variant.items() if r.startswith(REFERENCE_PREFIX)}
    # The variant table is measured with the mitigations off: so are Linux's rows drawn
    # beside it, where make compare measured them both ways.
    references = {r: v for r, v in references.items()
                  if f'{r},mitigations=off' not in references}
    variants = {r: v for r, v in variant.items() if r != 'floor' and
                not r.startswith(REFERENCE_PREFIX) and
                (any(op in v for op in SYSCALL_OPS) or r in unmeasured.get('variant', {}))}
    if boot not in variants:	# a log without its header: the build's default
        boot = default_variant()
    if variants:
        floor = variant.get('floor', {}).get('invalid')
        ops = [op for op in SYSCALL_OPS if any(op in v for v in variants.values())]
        out.append(('variants.svg', figure(variants, ops, 'Entry variants, per call', unit,
                                           boot, unmeasured.get('variant'), floor,
                                           references, generations=True)))
    faults = {r: {op: v[op] for op in FAULT_OPS if op in v} for r, v in variant.items()}
    faults = {r: v for r, v in faults.items() if v}
    fault_references = {r: v for r, v in faults.items() if r in references}
    faults = {r: v for r, v in faults.items() if not r.startswith(REFERENCE_PREFIX)}
    if faults:
        out.append(('faults.svg', figure(faults, FAULT_OPS, 'Page faults from ring 3, per fault',
                                         unit, boot, references=fault_references,
                                         generations=True)))
    mitigations = tables.get('mitigations', {})
    if mitigations:
        ops = [op for op in ('kill', 'invalid', 'getpid')
               if any(op in v for v in mitigations.values())]
        note = ('Under icount a CR3 write or a VERW counts one instruction: what it costs '
                'in cycles, instruction counts cannot show.' if unit.startswith('instr')
                else None)
        out.append(('mitigations.svg', figure(mitigations, ops,
                                              'Speculation mitigations, per call', unit,
                                              'off' if 'off' in mitigations else None,
                                              unmeasured.get('mitigations'), note=note)))
    if tables.get('proc'):
        out.append(('processes.svg', figure(tables['proc'], ['time'],
                                            'Round trips through a context switch', unit,
                                            log=True, op_titles={'time': 'per round trip'})))
    if tables.get('clock'):
        out.append(('clock.svg', figure(tables['clock'], ['time'],
                                        'clock_gettime() by its readers', unit,
                                        op_titles={'time': 'per call'})))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--log', default=os.path.join(ROOT, 'build', 'bench.log'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'build', 'plots'))
    ap.add_argument('--docs', action='store_true', help='write docs/figures/ instead')
    ap.add_argument('--compare', help="make compare's log: Linux's rows as reference lines")
    a = ap.parse_args()
    if not os.path.exists(a.log):
        sys.exit(f'plot: no {a.log}: run "make bench" first, or give LOG=file')
    text = open(a.log, errors='replace').read()
    unit = 'instructions (QEMU icount)' if 'clock: instructions (QEMU icount' in text else \
        'RDTSC ticks'
    out = os.path.join(ROOT, 'docs', 'figures') if a.docs else a.out
    os.makedirs(out, exist_ok=True)
    plt.rcParams.update({'svg.fonttype': 'none', 'svg.hashsalt': 'entrylab',
                         'hatch.color': 'white'})
    tables, unmeasured, boot = read(a.log)
    if a.compare and os.path.exists(a.compare):
        linux = read(a.compare)[0]['variant']
        tables['variant'].update({r: v for r, v in linux.items()
                                  if r.startswith(REFERENCE_PREFIX)})
    made = plots(tables, unmeasured, boot, unit)
    if not made:
        sys.exit(f'plot: {a.log} has no "bench ...=" lines')
    for name, fig in made:
        fig.savefig(os.path.join(out, name), metadata={'Date': None})
        print(f'plot: {os.path.relpath(os.path.join(out, name), ROOT)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
