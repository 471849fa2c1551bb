package deltalog

import (
	"context"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blob"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/bloberror"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/container"
)

// azureStore reads one Azure Blob Storage (ADLS Gen2) container.
type azureStore struct {
	client *container.Client
}

// newAzureStore signs in with, in order: a shared key in AZURE_STORAGE_KEY,
// a SAS token in AZURE_STORAGE_SAS_TOKEN, or azidentity's default chain
// (environment service principal, workload identity, managed identity,
// Azure CLI, Azure Developer CLI).
func newAzureStore(loc blobLocation) (*azureStore, error) {
	containerURL := "https://" + loc.account + "." + loc.domain + "/" + url.PathEscape(loc.bucket)
	if key := os.Getenv("AZURE_STORAGE_KEY"); key != "" {
		cred, err := blob.NewSharedKeyCredential(loc.account, key)
		if err != nil {
			return nil, err
		}
		c, err := container.NewClientWithSharedKeyCredential(containerURL, cred, nil)
		return &azureStore{client: c}, err
	}
	if sas := os.Getenv("AZURE_STORAGE_SAS_TOKEN"); sas != "" {
		c, err := container.NewClientWithNoCredential(containerURL+"?"+strings.TrimPrefix(sas, "?"), nil)
		return &azureStore{client: c}, err
	}
	cred, err := azidentity.NewDefaultAzureCredential(nil)
	if err != nil {
		return nil, err
	}
	return newAzureStoreWith(containerURL, cred, nil)
}

func newAzureStoreWith(containerURL string, cred azcore.TokenCredential, opts *container.ClientOptions) (*azureStore, error) {
	c, err := container.NewClient(containerURL, cred, opts)
	if err != nil {
		return nil, err
	}
	return &azureStore{client: c}, nil
}

func (s *azureStore) list(ctx context.Context, prefix string) ([]Entry, error) {
	p := s.client.NewListBlobsHierarchyPager("/", &container.ListBlobsHierarchyOptions{Prefix: &prefix})
	var out []Entry
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, b := range page.Segment.BlobItems {
			if b.Name == nil {
				continue
			}
			var size int64
			if b.Properties != nil && b.Properties.ContentLength != nil {
				size = *b.Properties.ContentLength
			}
			out = append(out, Entry{Name: *b.Name, Size: size})
		}
	}
	return out, nil
}

func (s *azureStore) size(ctx context.Context, key string) (int64, error) {
	props, err := s.client.NewBlobClient(key).GetProperties(ctx, nil)
	if bloberror.HasCode(err, bloberror.BlobNotFound, bloberror.ResourceNotFound) {
		return 0, fs.ErrNotExist
	}
	if err != nil {
		return 0, err
	}
	if props.ContentLength == nil {
		return 0, nil
	}
	return *props.ContentLength, nil
}

func (s *azureStore) readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	resp, err := s.client.NewBlobClient(key).DownloadStream(ctx, &blob.DownloadStreamOptions{
		Range: blob.HTTPRange{Offset: off, Count: n},
	})
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
