"""Data: the canvas every page uses — draw, spray, select, generate, weigh, prioritise, import and export."""

import numpy as np
import pandas as pd
import streamlit as st

from components.canvas import RefusedEvent, apply_canvas_event, canvas, selection_after_event
from datasets import csv_io, generators
from datasets.pointset import THETA_RANGE
from lab.links import DataRef
from lab.settings import generator_setting, page_settings
from ui import state
from ui.controls import literal, setting_widget

st.title("Data")
st.caption("One data set per session, shared by every page. Click to add a point of the chosen class; "
           "*spray* a cloud by dragging a box or a lasso loop; *select* points with a box or a lasso to weigh, "
           "move or delete them; *erase* removes the nearest point.")

points = state.points()
rows = {row.widget: row for row in page_settings("data")}
left, right = st.columns([3, 1])

# The class count and the θ inputs show the point set's own values on every run (so a generated, imported or
# undone set is never pushed back to the old ones) and change it only when the user moves them (callbacks).


def change_class_count() -> None:
    state.set_points(state.points().with_class_count(state.widget_value("data_classes")))


def change_theta(j: int) -> None:
    value = state.widget_value(f"data_theta_{j}")
    if value is None:          # emptied, or a value outside the input's range (Streamlit resets it to None)
        return
    theta = state.points().theta.copy()
    theta[j] = value
    try:
        state.set_points(state.points().set_theta(theta))
    except ValueError as error:
        state.notify("error", f"θ was not changed: {literal(error)}")


state.preset({"data_classes": len(points.class_names),
              **{f"data_theta_{j}": float(np.clip(theta, *THETA_RANGE)) for j, theta in enumerate(points.theta)}})

selected = state.selection()
with right:
    counts = st.columns(2)
    counts[0].metric("Points", len(points))
    counts[1].metric("Selected", len(selected), help="Points selected with the select tool; "
                     "their tools are under the drawing.")
    n_classes = st.slider("Classes", 2, 6, key="data_classes", on_change=change_class_count)
    active = st.radio("Class to draw", list(range(n_classes)), key="data_active",
                      format_func=lambda j: literal(points.class_names[j]), horizontal=True)
    mode = st.radio("Tool", ["click", "spray", "select", "erase"], key="data_mode", horizontal=True,
                    format_func={"click": "add", "spray": "spray", "select": "select", "erase": "erase"}.get)
    shape = st.radio("Drag shape", ["box", "lasso"], key="data_shape", horizontal=True,
                     disabled=mode not in ("spray", "select"),
                     help="What a drag draws with the spray and select tools: a box, or a free loop (lasso).")
    spray_n = setting_widget(rows["data_spray_n"], disabled=mode != "spray")
    weight = setting_widget(rows["data_weight"], disabled=mode not in ("click", "spray"))
    buttons = st.columns(2)          # two to a row: three do not fit the column's width
    if buttons[0].button("Undo", icon=":material/undo:", disabled=not state.can_undo(), width="stretch"):
        state.undo()
        st.rerun()
    if buttons[1].button("Redo", icon=":material/redo:", disabled=not state.can_redo(), width="stretch"):
        state.redo()
        st.rerun()
    if st.button("Clear all points", icon=":material/delete_sweep:", disabled=len(points) == 0, width="stretch"):
        state.set_points(points.clear())
        st.rerun()

with left:
    try:
        # a class chosen on the drawing (its legend's chips, its number keys) sets "Class to draw" (class_key)
        event = canvas(points, view=None, active_class=int(active), mode=mode, shape=shape, selected=selected,
                       key="canvas", strict=True, class_key="data_active")
    except RefusedEvent as error:     # e.g. a click beyond ±1e9 in the margin around far-out points
        state.notify("error", f"That gesture changed nothing. {literal(error)}")
        st.rerun()
    except ValueError as error:       # the drawing cannot be shown; the points, table, import and export stay
        st.error(f"The drawing cannot be shown: {literal(error)} Your points are kept; edit them in the table "
                 "below or export them.")
        event = None
    if event:
        try:
            if event["type"] in ("select", "pick"):
                state.set_selection(selection_after_event(points, event, selected))
            elif event["type"] != "class":       # the canvas's callback has set "Class to draw" already
                updated = apply_canvas_event(points, event, spray_n=spray_n, seed=len(points), weight=weight)
                if updated is not points:
                    state.set_points(updated)
        except ValueError as error:
            state.notify("error", f"That gesture changed nothing. {literal(error)}")
        # rerun even when nothing changed: the canvas sends its next gesture once this one is echoed
        st.rerun()

    with st.container(border=True, key="data_selection"):
        if selected:
            chosen = points.weights[list(selected)]
            shown = f"weight {chosen[0]:g}" if np.all(chosen == chosen[0]) else \
                f"weights {chosen.min():g} to {chosen.max():g}"
            head = st.columns([2.4, 1], vertical_alignment="center")
            head[0].markdown(f"**{len(selected)} point{'s' if len(selected) != 1 else ''} selected** · {shown}")
            if head[1].button("Clear selection", key="data_selection_clear", width="stretch"):
                state.clear_selection()
                st.rerun()
            weigh = st.columns([1.3, 1.1, 1], vertical_alignment="bottom")
            new_weight = setting_widget(rows["data_selection_weight"], where=weigh[0])
            if weigh[1].button("Apply to selection", key="data_selection_apply", type="primary", width="stretch"):
                state.set_points(points.set_weights(selected, new_weight), keep_selection=True)
                st.rerun()
            if weigh[2].button("Delete selection", key="data_selection_delete", icon=":material/delete:",
                               width="stretch"):
                state.set_points(points.remove(selected))
                st.rerun()
            move = st.columns([1.3, 1.1, 1], vertical_alignment="bottom")
            target = move[0].selectbox("Move selection to class", list(range(n_classes)),
                                       format_func=lambda j: points.class_names[j], key="data_selection_class")
            if move[1].button("Move", key="data_selection_move", width="stretch"):
                state.set_points(points.relabel(selected, target), keep_selection=True)
                st.rerun()
        else:
            row = st.columns([3, 1.3, 0.8], vertical_alignment="bottom")
            row[0].caption("No points selected. With the **select** tool, drag a box or a lasso around points "
                           "(shift adds more, a click picks one), or select a whole class here. By keys, on the "
                           "focused drawing: **B**, arrows, **B** selects a box; **L** at each corner, then "
                           "**Enter**, a lasso; **Esc** cancels.")
            which = row[1].selectbox("Which points", ["all", *(f"class:{j}" for j in range(n_classes))],
                                     format_func=lambda w: "all points" if w == "all"
                                     else f"class {points.class_names[int(w[len('class:'):])]}",
                                     key="data_selection_which")
            if row[2].button("Select", key="data_selection_select", disabled=len(points) == 0, width="stretch"):
                state.set_selection(points.indices_of(which))
                st.rerun()

st.subheader("Generate")
gen_left, gen_right = st.columns([1, 3])
with gen_left:
    name = st.selectbox("Generator", list(generators.GENERATORS), key="data_generator")
    spec = generators.GENERATORS[name]
    st.caption(spec.description)
    arguments = {param.name: setting_widget(generator_setting(name, param)) for param in spec.params}
    seed = setting_widget(rows["data_gen_seed"])
    replace = setting_widget(rows["data_gen_replace"])
    if st.button("Generate", type="primary"):
        try:
            made = generators.make(name, seed=seed, **arguments)
            if replace or len(points) == 0:       # a link names these points by their generator
                state.set_points(made, origin=DataRef(generator=name, arguments=tuple(sorted(arguments.items())),
                                                      seed=seed))
            else:
                state.set_points(points.merge(made))
            st.rerun()
        except ValueError as error:
            st.error(f"Could not generate: {literal(error)}")

with gen_right:
    st.markdown("**Importance weights and priorities**")
    columns = st.columns(len(points.class_names))
    for j, column in enumerate(columns):
        value = setting_widget(rows["data_weight"], key=f"data_class_weight_{j}", where=column,
                               label=f"weight of {literal(points.class_names[j])}")
        if column.button("Apply", key=f"data_apply_weight_{j}"):
            try:
                state.set_points(points.set_weights(f"class:{j}", value))
                st.rerun()
            except ValueError as error:
                st.error(literal(error))
    columns = st.columns(len(points.class_names))
    for j, column in enumerate(columns):
        column.number_input(f"θ of {literal(points.class_names[j])}", *THETA_RANGE, value=None, step=0.5,
                            key=f"data_theta_{j}", on_change=change_theta, args=(j,))

st.subheader("Points")
table = pd.DataFrame({"x1": points.X[:, 0] if len(points) else [], "x2": points.X[:, 1] if len(points) else [],
                      "label": [points.class_names[i] for i in points.labels],
                      "weight": points.weights})
edited = st.data_editor(table, key=f"data_table_{points.fingerprint()}", num_rows="dynamic",
                        column_config={"label": st.column_config.SelectboxColumn(options=list(points.class_names))})
if st.button("Apply table edits"):
    try:
        state.set_points(csv_io.read_points_table(edited.to_csv(index=False), edited.index,
                                                  class_names=points.class_names, theta=points.theta))
        st.rerun()
    except ValueError as error:
        st.error(f"The table was not applied: {literal(error)}")

st.subheader("Import and export")
io_left, io_right = st.columns(2)
with io_left:
    upload = st.file_uploader("Import a CSV (columns x1, x2, label, optional weight)", type=["csv"],
                              key="data_upload",
                              help=f"At most {csv_io.ROW_CAP:,} points and {csv_io.MAX_BYTES // 2**20} MiB; plain "
                                   "decimal numbers; 2 to 6 classes (labels are class names); weights ≥ 0. "
                                   "A file with any problem is refused whole and your points are kept.")
    if upload is not None and st.button("Import", key="data_import"):
        try:
            state.set_points(csv_io.read_points_csv(upload.getvalue()))
            st.rerun()
        except ValueError as error:
            st.error(f"Nothing was imported: {literal(error)}")
with io_right:
    st.download_button("Export CSV", csv_io.write_points_csv(points), file_name="points.csv",
                       mime="text/csv", disabled=len(points) == 0)
