"""A dataset class that keeps its sink's settings and finishes the stream in later statements."""


class StreamingDataset:
    def __init__(self, filepath, file_format, save_args):
        self._filepath = filepath
        self._file_format = file_format
        self._save_args = save_args

    def save(self, data):
        output = data.writeStream.format(self._file_format)
        output = output.option("checkpointLocation", self._save_args.pop("checkpoint", None))
        output.option("path", self._filepath).options(**self._save_args).start()  # want: LL202


# near miss: the same without a path could be a Kafka or console sink
class TopicDataset:
    def __init__(self, file_format, save_args):
        self._file_format = file_format
        self._save_args = save_args

    def save(self, data):
        output = data.writeStream.format(self._file_format)
        output = output.options(**self._save_args)
        output.start()
