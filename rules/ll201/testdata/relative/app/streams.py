def start(df, interval):
    df.writeStream.trigger(processingTime=interval).toTable("main.raw.rel_start")
