# Databricks notebook source
def run(events, flag):
    maybe(events.writeStream.format("delta"), flag).toTable("main.nb.a")  # want: LL202 "when `on` is false"
    maybe(events.writeStream.format("delta"), True).toTable("main.nb.b")

# COMMAND ----------

def maybe(w, on):
    if on:
        w = w.trigger(availableNow=True)
    return w
