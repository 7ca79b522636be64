"""The lab's asv benchmark suite: GPU bandwidth of every softmax, the reference tier's algorithms
and the traffic model on the CPU. asv_benchmarks/README.md says how to run and extend it."""
