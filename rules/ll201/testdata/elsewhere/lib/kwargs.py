"""Settings classes whose methods give trigger keywords, imported by kwargs_job.py."""


class Base:
    def trigger_kwargs(self):
        return {"availableNow": True}


class Fast(Base):
    def trigger_kwargs(self):
        return {"processingTime": "5 seconds"}


class Same(Base):
    pass


class Conf:
    @staticmethod
    def eager():
        return {"processingTime": "2 seconds"}

    @classmethod
    def quick(cls):
        return {"processingTime": "3 seconds"}


def every_second():
    return {"processingTime": "1 second"}
